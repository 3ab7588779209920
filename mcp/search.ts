/**
 * search_docs: the site's own search, for assistants. All of the MCP server's
 * search glue is in this one file: it fetches the index the site publishes for
 * its search box (src/plugins/search.ts writes it) and ranks with the site's
 * engine (src/search/engine.ts), so a query here finds what the search modal
 * finds, in the same order. When the site's search changes (its index format
 * or the engine's module), this file is the one to adapt.
 */
import { createEngine, type Engine, type FacetFilters } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../src/search/records';
import { DOCS_SETS, type DocsSetName } from '../src/docsSets';
import type { Site } from './site';

/** The docs sets a search can be limited to, by their short names (the modal's contextual search narrows by their tags). */
export type Section = DocsSetName;
export const SECTION_NAMES = Object.keys(DOCS_SETS) as [Section, ...Section[]];

const INDEX_PATH = `/${SEARCH_INDEX_FILE}`;

export type Hit = {
  /** The page's title. */
  page: string;
  /** The headings above the match inside the page, outermost first ("Fixed price › Body"). */
  heading?: string;
  /** Guides, API Reference or Help Center. */
  section: string;
  /** The page's URL on the site, with the anchor of the match. */
  url: string;
  /** The matching text: a block of the page, or the heading that matched. */
  text: string;
};

function engineOf(text: string): Engine {
  const file = JSON.parse(text) as Partial<SearchIndexFile>;
  if (file.version !== 1 || !Array.isArray(file.records)) throw new Error('not a search index of version 1');
  return createEngine(file.records);
}

/** The best `limit` matches of `query` on the site, as its search box ranks them. */
export async function searchDocs(site: Site, query: string, section: Section | undefined, limit: number): Promise<Hit[]> {
  const engine = await site.cached(
    INDEX_PATH,
    engineOf,
    'the site publishes no built-in search index (a build with hosted DocSearch has none)',
  );
  const filters: FacetFilters = section ? [`docusaurus_tag:${DOCS_SETS[section].tag}`] : [];
  return engine
    .search(query, filters)
    .slice(0, limit)
    .map(({ record }) => {
      const [lvl0 = '', lvl1 = '', ...below] = record.hierarchy;
      const headings = below.filter(Boolean);
      return {
        page: lvl1,
        ...(headings.length ? { heading: headings.join(' › ') } : {}),
        section: lvl0,
        url: site.urlOf(record.url),
        text: record.content ?? (headings.at(-1) || lvl1),
      };
    });
}
