/**
 * search_docs: the site's own search, for assistants. All of the MCP server's
 * search glue is in this one file: it fetches the index the site publishes for
 * its search box (src/plugins/search.ts writes it) and ranks with the site's
 * engine (src/search/engine.ts), so a query, a question in a reader's words
 * included (src/search/question.ts), finds what the search modal and /search
 * find, in the same order, with the same answering text. When the site's search
 * changes (its index format or the engine's module), this file is the one to adapt.
 */
import { createEngine, loadEngine, type Engine, type EngineState } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type FacetFilters, type SearchIndexFile, type SearchRecord } from '../src/search/records';
import { DOCS_SETS, type DocsSetName } from '../src/docsSets';
import type { Site } from './site';

/** The docs sets a search can be limited to, by their short names (the modal's contextual search narrows by their tags). */
export type Section = DocsSetName;
export const SECTION_NAMES = Object.keys(DOCS_SETS) as [Section, ...Section[]];

/** Where the site publishes its index. */
export const INDEX_PATH = `/${SEARCH_INDEX_FILE}`;

export type Hit = {
  /** The page's title. */
  page: string;
  /** The headings above the match inside the page, outermost first ("Fixed price › Body"). */
  heading?: string;
  /** Guides, API Reference or Help Center. */
  section: string;
  /** The page's URL on the site, with the anchor of the match. */
  url: string;
  /** The text that answers: the sentence of the matching block, or of the text under the heading that matched, that holds the most of the query's words. */
  text: string;
};

/** The index the site publishes, ranked by the site's engine, with its records (read_page finds sections by them). */
export type SearchIndex = { engine: Engine; records: SearchRecord[] };

function indexOf(text: string): SearchIndex {
  const file = JSON.parse(text) as Partial<SearchIndexFile>;
  if (file.version !== 1 || !Array.isArray(file.records)) throw new Error('not a search index of version 1');
  return { engine: createEngine(file.records), records: file.records };
}

/** The index of an engine state worked out at build (the edge's bundle holds its deployment's, mcp/build.ts). */
export function loadedIndex(state: EngineState): SearchIndex {
  return { engine: loadEngine(state), records: state.records };
}

/** The site's search index, kept by the site reader until it changes. */
export function searchIndex(site: Site): Promise<SearchIndex> {
  return site.cached(INDEX_PATH, indexOf, 'the site publishes no built-in search index (a build with hosted DocSearch has none)');
}

/** The best `limit` matches of `query` on the site, as its search box ranks them. */
export async function searchDocs(site: Site, query: string, section: Section | undefined, limit: number): Promise<Hit[]> {
  const index = await searchIndex(site);
  const filters: FacetFilters = section ? [`docusaurus_tag:${DOCS_SETS[section].tag}`] : [];
  const ranked = index.engine.search(query, filters);
  return ranked.slice(0, limit).map(({ record, text }) => {
    const [lvl0 = '', lvl1 = '', ...below] = record.hierarchy;
    const headings = below.filter(Boolean);
    return {
      page: lvl1,
      ...(headings.length ? { heading: headings.join(' › ') } : {}),
      section: lvl0,
      url: site.urlOf(record.url),
      text: text ?? (headings.at(-1) || lvl1),
    };
  });
}
