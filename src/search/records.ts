/**
 * The built-in search index: one record per heading and per block of text of
 * every built page, in DocSearch's shape (hierarchy lvl0 to lvl6, content,
 * anchor), kept compact for the wire. Written by src/plugins/search.ts after
 * the build, read by src/search/engine.ts. Also the records as the engine names their fields (SearchEntry), and
 * the facet filters that pick among them.
 */
export type SearchRecord = {
  /** Path and anchor, e.g. /guides/first-steps/api-key#insufficient_balance. */
  u: string;
  /** DocSearch record type: lvl0 to lvl6, or content. */
  t: string;
  /** Hierarchy lvl0 (docs set) to lvl6; trailing empty levels dropped. */
  h: string[];
  /** The text block, for content records. */
  c?: string;
  /** docusaurus_tag facet, e.g. docs-default-current. */
  g: string;
  /** language facet. */
  l: string;
};

/**
 * A record of the index with its fields named: what the engine hands out (to src/search/answer.ts and
 * the MCP server). The index file spells the same fields with one letter each, to stay small on the
 * wire (SearchRecord, above); the engine reads that and names them (entryOf).
 */
export type SearchEntry = {
  /** Path and anchor, e.g. /guides/first-steps/api-key#insufficient_balance. */
  url: string;
  /** DocSearch record type: lvl0 to lvl6, or content. */
  type: string;
  /** The headings from lvl0 (the docs set) and lvl1 (the page title) down; a level skipped is ''. */
  hierarchy: string[];
  /** The text block, for content records. */
  content?: string;
  /** The docusaurus_tag facet: the docs set, e.g. docs-default-current. */
  docusaurusTag: string;
  /** The language facet. */
  language: string;
};

export function entryOf({ u, t, h, c, g, l }: SearchRecord): SearchEntry {
  return { url: u, type: t, hierarchy: h, ...(c === undefined ? {} : { content: c }), docusaurusTag: g, language: l };
}

/** Algolia facetFilters: AND of entries, each a value or an OR-list of values, as "facet:value". */
export type FacetFilters = Array<string | string[]>;

export type SearchIndexFile = { version: 1; records: SearchRecord[] };

export const SEARCH_INDEX_FILE = 'search-index.json';

export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
