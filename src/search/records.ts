/**
 * The built-in search index: one record per heading and per block of text of
 * every built page, in DocSearch's shape (hierarchy lvl0 to lvl6, content,
 * anchor), kept compact for the wire. Written by src/plugins/search.ts after
 * the build, read by src/search/engine.ts.
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

export type SearchIndexFile = { version: 1; records: SearchRecord[] };

export const SEARCH_INDEX_FILE = 'search-index.json';

export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
