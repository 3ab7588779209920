/**
 * Ranking for the built-in search: MiniSearch over the index records, with
 * typo tolerance and prefix search, identifiers kept whole (insufficient_balance,
 * x-widget-token, USDT0) as well as split into words, and headings weighted
 * above body text. Used by the browser client and by the Node tests and benchmark.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchRecord } from './records';

type Doc = { id: number; title: string; headings: string; content: string; page: string; anchor: string };

/** Words and identifiers: `insufficient_balance` gives itself and `insufficient`, `balance`. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}_\-.:]+/u)) {
    const word = raw.replace(/^[-.:_]+|[-.:_]+$/g, '');
    if (!word) continue;
    tokens.push(word);
    if (/[_\-.:]/.test(word)) for (const part of word.split(/[_\-.:]+/)) if (part) tokens.push(part);
  }
  return tokens;
}

const processTerm = (term: string) => term.toLowerCase();

function toDoc(record: SearchRecord, id: number): Doc {
  const [lvl0 = '', lvl1 = '', ...below] = record.h;
  const own = record.t === 'content' ? '' : (record.h[Number(record.t.slice(3))] ?? '');
  return {
    id,
    // The record's own heading (or the page title for text blocks).
    title: own || lvl1,
    headings: below.join(' '),
    content: record.c ?? '',
    page: `${lvl0} ${lvl1}`,
    // The anchor names what the record is about: #insufficient_balance, #payout-error-1003.
    anchor: record.u.includes('#') ? record.u.slice(record.u.indexOf('#') + 1) : '',
  };
}

export type Engine = { records: SearchRecord[]; search: (query: string, facetFilters?: FacetFilters) => Ranked[] };
export type Ranked = { record: SearchRecord; score: number; terms: string[] };
/** Algolia facetFilters: AND of entries, each a value or an OR-list of values, as "facet:value". */
export type FacetFilters = Array<string | string[]>;

function matchesFilters(record: SearchRecord, filters: FacetFilters): boolean {
  const value = (facet: string) => (facet === 'language' ? record.l : facet === 'docusaurus_tag' ? record.g : undefined);
  const one = (filter: string) => {
    const i = filter.indexOf(':');
    const facet = filter.slice(0, i);
    const wanted = filter.slice(i + 1);
    if (wanted.startsWith('-')) return value(facet) !== wanted.slice(1);
    return value(facet) === wanted;
  };
  return filters.every((f) => (Array.isArray(f) ? f.some(one) : one(f)));
}

/**
 * Guides and the help centre own their topics; the API reference's schema
 * pages repeat every field name, so they rank a little lower. Page titles
 * rank above text inside a page.
 */
function weightOf(record: SearchRecord): number {
  const schemaPage = record.u.startsWith('/api/schemas/');
  return (schemaPage ? 0.6 : 1) * (record.t === 'lvl1' ? 1.3 : 1);
}

export function createEngine(records: SearchRecord[]): Engine {
  const mini = new MiniSearch<Doc>({
    fields: ['title', 'headings', 'content', 'page', 'anchor'],
    storeFields: [],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 4, anchor: 3, headings: 1.5, page: 1.2, content: 1 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.4 : term.length >= 4 ? 0.25 : 0),
      combineWith: 'AND',
      weights: { fuzzy: 0.35, prefix: 0.6 },
    },
  });
  mini.addAll(records.map(toDoc));

  return {
    records,
    search(query, facetFilters = []) {
      const q = query.trim().slice(0, 256);
      if (!q) return [];
      let results: SearchResult[] = mini.search(q);
      // Many words where one is mistyped beyond repair: fall back to any-word matching.
      if (results.length === 0) results = mini.search(q, { combineWith: 'OR' });
      const best = new Map<string, Ranked>();
      for (const r of results) {
        const record = records[r.id as number];
        if (!matchesFilters(record, facetFilters)) continue;
        const score = r.score * weightOf(record);
        const seen = best.get(record.u);
        // One hit per URL (with its anchor), as DocSearch's `distinct` gives.
        if (!seen || seen.score < score) best.set(record.u, { record, score, terms: r.terms });
      }
      // The same text on one page under two headings (a repeated paragraph) is shown once, at its best rank.
      const shown = new Set<string>();
      return [...best.values()]
        .sort((a, b) => b.score - a.score)
        .filter(({ record }) => {
          const key = `${record.u.split('#')[0]}\u0000${record.c ?? record.h.join('\u0000')}`;
          if (shown.has(key)) return false;
          shown.add(key);
          return true;
        });
    },
  };
}
