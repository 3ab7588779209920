/**
 * search_docs: the site's own search, for assistants. All of the MCP server's
 * search glue is in this one file: it fetches the index the site publishes for
 * its search box (src/plugins/search.ts writes it) and ranks with the site's
 * engine (src/search/engine.ts), so a query of a few words finds what the search
 * modal finds, in the same order. When the site's search changes (its index
 * format or the engine's module), this file is the one to adapt.
 *
 * Assistants also ask in sentences, which the search box rarely sees, so here:
 * - a question ("How do I authenticate my API requests?") is searched by its
 *   words that tell pages apart: question words go, and so do words that most
 *   pages of the site have (api); a word's -ate/-ation forms are searched as
 *   one (authenticate finds authentication); the hits whose own heading holds
 *   the most of its rare words come first, before those that have them only in
 *   their text or in the title of the page they sit on;
 * - a query that names a schema and asks for its fields ("Payout fields") gets
 *   the schema's page first;
 * - a hit on a heading carries the first text under that heading, not the
 *   heading again.
 */
import { createEngine, tokenize, type Engine, type FacetFilters } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile, type SearchRecord } from '../src/search/records';
import { DOCS_SETS, type DocsSetName } from '../src/docsSets';
import { isSchemaPage } from '../src/api-reference/routes';
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
  /** The matching text: a block of the page, or the first block under the heading that matched. */
  text: string;
};

/** The index the site publishes, ranked by the site's engine, with what the tools read from its records. */
export type SearchIndex = {
  engine: Engine;
  records: SearchRecord[];
  /** The first text block at each URL (page or anchor). */
  firstText: Map<string, string>;
  /** The share of the site's pages that hold each word (lowercase). */
  pageShare: (word: string) => number;
  /** The schema pages' records (lvl1), by the schema's name in lowercase. */
  schemaPages: Map<string, SearchRecord>;
};

function indexOf(text: string): SearchIndex {
  const file = JSON.parse(text) as Partial<SearchIndexFile>;
  if (file.version !== 1 || !Array.isArray(file.records)) throw new Error('not a search index of version 1');
  const records = file.records;
  const firstText = new Map<string, string>();
  const words = new Map<string, Set<string>>();
  const schemaPages = new Map<string, SearchRecord>();
  for (const record of records) {
    if (record.c && !firstText.has(record.u)) firstText.set(record.u, record.c);
    const page = record.u.split('#')[0];
    if (record.t === 'lvl1' && isSchemaPage(record.u)) schemaPages.set((record.h[1] ?? '').toLowerCase(), record);
    let set = words.get(page);
    if (!set) words.set(page, (set = new Set()));
    for (const word of tokenize([...record.h, record.c ?? ''].join(' '))) set.add(word.toLowerCase());
  }
  const shares = new Map<string, number>();
  const pageShare = (word: string) => {
    let share = shares.get(word);
    if (share === undefined) {
      let n = 0;
      // A word and its plural or singular count as one: requests is as common as request.
      const forms = [word, `${word}s`, word.replace(/(?<=...)s$/, '')];
      for (const set of words.values()) if (forms.some((form) => set.has(form))) n += 1;
      shares.set(word, (share = n / Math.max(1, words.size)));
    }
    return share;
  };
  return { engine: createEngine(records), records, firstText, pageShare, schemaPages };
}

/** The site's search index, kept by the site reader until it changes. */
export function searchIndex(site: Site): Promise<SearchIndex> {
  return site.cached(INDEX_PATH, indexOf, 'the site publishes no built-in search index (a build with hosted DocSearch has none)');
}

/** Words that make a question a question, and say nothing of what it is about. */
const QUESTION_WORDS = new Set(
  'how what which where when why who whom whose do does did can could should would will shall may might must i me my mine we us our ours am is are was were be been it its there please happen happens'.split(
    ' ',
  ),
);

/** Words that ask for a schema's fields, not for a topic. */
const FIELD_WORDS = new Set(['field', 'fields', 'property', 'properties', 'schema', 'object', 'shape']);

/** A word that most pages of the site hold (api) tells no page apart. */
const COMMON_SHARE = 0.5;
/** A word that few pages hold is what a question is about. */
const RARE_SHARE = 0.1;

/** A sentence rather than keywords: a question mark, a question word first, or five words or more. */
function isSentence(words: string[], query: string): boolean {
  return query.trim().endsWith('?') || QUESTION_WORDS.has((words[0] ?? '').toLowerCase()) || words.length >= 5;
}

/** `authenticate`, `authentication`, `authenticating` -> `authenticat`, which the engine reads as a prefix of each. */
function stemOf(word: string): string {
  const stem = /^(\p{Ll}{4,})at(?:e|ed|es|ing|ion|ions)$/u.exec(word);
  return stem ? `${stem[1]}at` : word;
}

/** What a hit is made from: a record of the index, as the engine hands it out or as the index writes it. */
type Shown = { url: string; type: string; hierarchy: string[]; content?: string };

type Plan = {
  /** What the engine is asked. */
  query: string;
  /** Stems of the question's rare words, which the hits' own headings should hold. */
  rare: string[];
};

/** How a query is searched: as typed, or as a question's telling words (see the file's comment). */
function planOf(query: string, index: SearchIndex): Plan {
  const words = query.split(/[^\p{L}\p{N}_\-.:]+/u).filter(Boolean);
  if (!isSentence(words, query)) return { query, rare: [] };
  const telling = words
    .filter((w) => !QUESTION_WORDS.has(w.toLowerCase()))
    .filter((w) => !/^\p{Ll}+$/u.test(w.toLowerCase()) || index.pageShare(w.toLowerCase()) <= COMMON_SHARE);
  if (telling.length === 0) return { query, rare: [] };
  const plain = (w: string) => /^\p{L}+$/u.test(w);
  const stems = telling.map((w) => (plain(w) ? stemOf(w.toLowerCase()) : w));
  const shares = telling.map((w) => (plain(w) ? index.pageShare(w.toLowerCase()) : 1));
  const rare = stems.filter((_, i) => shares[i] <= RARE_SHARE);
  return { query: stems.join(' '), rare };
}

/**
 * Whether a record's own heading (a heading's record: its heading; a text: the heading right above it)
 * holds a word that starts with `stem`: the section is about it, not only a page it sits on.
 */
function headingHas(record: Shown, stem: string): boolean {
  const level = record.type === 'content' ? -1 : Number(record.type.slice(3));
  const own = level > 0 ? (record.hierarchy[level] ?? '') : (record.hierarchy.filter(Boolean).at(-1) ?? '');
  return tokenize(own).some((word) => word.toLowerCase().startsWith(stem));
}

/** The schema pages a query asks the fields of: it names the schema and a field word. */
function askedSchemas(query: string, index: SearchIndex): SearchRecord[] {
  const words = query.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
  if (!words.some((w) => FIELD_WORDS.has(w.toLowerCase()))) return [];
  return words.map((w) => index.schemaPages.get(w.toLowerCase())).filter((r): r is SearchRecord => r !== undefined);
}

/** The best `limit` matches of `query` on the site: as its search box ranks them, and questions as above. */
export async function searchDocs(site: Site, query: string, section: Section | undefined, limit: number): Promise<Hit[]> {
  const index = await searchIndex(site);
  const filters: FacetFilters = section ? [`docusaurus_tag:${DOCS_SETS[section].tag}`] : [];
  const plan = planOf(query, index);
  let ranked: Shown[] = index.engine.search(plan.query, filters).map(({ record }) => record);
  if (plan.rare.length) {
    const holds = (record: Shown) => plan.rare.filter((stem) => headingHas(record, stem)).length;
    ranked = ranked
      .map((record, order) => ({ record, order, holds: holds(record) }))
      .sort((a, b) => b.holds - a.holds || a.order - b.order)
      .map(({ record }) => record);
  }
  const schemas = askedSchemas(query, index).filter((r) => !section || r.g === DOCS_SETS[section].tag);
  if (schemas.length) {
    const first = new Set(schemas.map((r) => r.u));
    ranked = [...schemas.map((r) => ({ url: r.u, type: r.t, hierarchy: r.h })), ...ranked.filter((r) => !first.has(r.url))];
  }
  return ranked.slice(0, limit).map((record) => {
    const [lvl0 = '', lvl1 = '', ...below] = record.hierarchy;
    const headings = below.filter(Boolean);
    return {
      page: lvl1,
      ...(headings.length ? { heading: headings.join(' › ') } : {}),
      section: lvl0,
      url: site.urlOf(record.url),
      text: record.content ?? index.firstText.get(record.url) ?? (headings.at(-1) || lvl1),
    };
  });
}
