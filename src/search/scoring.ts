/**
 * Scoring one query for the engine (src/search/engine.ts): every index record that matches, with its score, one a
 * URL. MiniSearch finds the records and their BM25 scores; this file weighs them by the share of the query's words
 * they hold and by their titles, and keeps out what the facet filters leave out.
 *
 * It reads MiniSearch's matches before MiniSearch makes them into results (`executeQuery`, which `search` calls): a
 * search makes no result object, list of matched words or sort of its own for each of its thousands of matches, the
 * garbage that the MCP endpoint at the edge pays for in collector pauses. The scores are MiniSearch's own, as
 * `search` gives them. `minisearchOf` checks that the two members it reads are there, so an upgrade that removes
 * them fails the engine's first use (and every test of the search) rather than ranking wrongly.
 */
import type MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';
import { isSchemaPage } from '../api-reference/routes';
import { answers, PREFIX_FROM, type QueryWord } from './terms';
import type { FacetFilters, SearchEntry } from './engine';

/** The query's terms as the engine reads them: each with whether it matches as a prefix, and its words as bits. */
export type Query = { terms: string[]; prefixed: boolean[]; words: QueryWord[] };

/** A record's match as MiniSearch keeps it: its BM25 score, the query's terms it matched, and by indexed word the fields. */
type Match = { score: number; terms: string[]; match: Record<string, string[]> };

/** The two members of MiniSearch 7 that `search` is made of, and that the engine reads. */
type Internals = {
  executeQuery(query: string, options: SearchOptions): Map<number, Match>;
  /** MiniSearch's short id of a record to its id (the record's place in the index). */
  _documentIds: Map<number, number>;
};

export function minisearchOf<T>(mini: MiniSearch<T>): Internals {
  const internals = mini as unknown as Partial<Internals>;
  if (typeof internals.executeQuery !== 'function' || !(internals._documentIds instanceof Map))
    throw new Error('MiniSearch no longer has executeQuery and _documentIds (src/search/scoring.ts reads them): adapt it to this version');
  return internals as Internals;
}

/** A record that matches, scored; `match` gives the words to highlight (`termsOf`). */
export type Scored = { record: SearchEntry; score: number; match: Record<string, string[]> };

/** The value of a facet of an entry: `language` or `docusaurus_tag` (the facets the index has). */
export function facetOf(entry: SearchEntry, facet: string): string | undefined {
  return facet === 'language' ? entry.language : facet === 'docusaurus_tag' ? entry.docusaurusTag : undefined;
}

/**
 * The facet filters as one test of an entry, worked out once a search (it runs on every record that
 * matches): every entry passes when there is none.
 */
export function filterOf(filters: FacetFilters): (entry: SearchEntry) => boolean {
  if (filters.length === 0) return () => true;
  const tests = filters.map((f) =>
    (Array.isArray(f) ? f : [f]).map((filter) => {
      const i = filter.indexOf(':');
      const facet = filter.slice(0, i);
      const wanted = filter.slice(i + 1);
      const not = wanted.startsWith('-');
      const value = not ? wanted.slice(1) : wanted;
      return { facet, value, not };
    }),
  );
  return (entry) => {
    for (const anyOf of tests) {
      let passes = false;
      for (const { facet, value, not } of anyOf) if ((facetOf(entry, facet) === value) !== not) passes = true;
      if (!passes) return false;
    }
    return true;
  };
}

/**
 * Guides and the help centre own their topics; the API reference's schema
 * pages repeat every field name, so they rank a little lower.
 */
function weightOf(entry: SearchEntry): number {
  return isSchemaPage(entry.url) ? 0.6 : 1;
}

/**
 * Scoring one query: which of its terms an indexed word answers (a bit each, worked out once per word), and how well
 * a match covers the query: the share of the query's words it has anywhere, and in its own title.
 */
export function scorerOf({ terms, prefixed, words }: Query) {
  const answered = new Map<string, number>();
  const maskOf = (docTerm: string) => {
    let mask = answered.get(docTerm);
    if (mask === undefined) {
      mask = terms.reduce((m, q, i) => (answers(q, docTerm, prefixed[i]) ? m | (1 << i) : m), 0);
      answered.set(docTerm, mask);
    }
    return mask;
  };
  // Each query word as bits: covered by its whole, or by all of its parts.
  const bit = (term: string) => 1 << terms.indexOf(term);
  const wordMasks = words.map((w) => ({ whole: w.whole === null ? 0 : bit(w.whole), parts: w.parts.reduce((m, p) => m | bit(p), 0) }));
  const share = (mask: number) => {
    let n = 0;
    for (const w of wordMasks) if ((mask & w.whole) !== 0 || (w.parts !== 0 && (mask & w.parts) === w.parts)) n++;
    return n / wordMasks.length;
  };
  // One object for every match's answer, read before the next match is scored: a search scores thousands.
  const covered = { all: 0, title: 0 };
  const coverage = (match: Record<string, string[]>) => {
    let all = 0;
    let title = 0;
    for (const t in match) {
      const mask = maskOf(t);
      all |= mask;
      if (match[t].includes('title')) title |= mask;
    }
    covered.all = share(all);
    covered.title = title === 0 ? 0 : share(title);
    return covered;
  };
  /** The words to highlight: the indexed words matched that answer the query (typo candidates that are typos), sorted. */
  const termsOf = (match: Record<string, string[]>) =>
    Object.keys(match)
      .filter((t) => maskOf(t) !== 0)
      .sort();
  return { coverage, termsOf };
}

/**
 * Every record that matches a query, scored, one a URL (as DocSearch's `distinct` gives): its BM25 score times the
 * share of the query's words it holds, squared, times its title's bonus and its weight.
 */
export function scoredHits(
  mini: Internals,
  entries: SearchEntry[],
  query: Query,
  coverage: ReturnType<typeof scorerOf>['coverage'],
  facetFilters: FacetFilters,
): Map<string, Scored> {
  const passes = filterOf(facetFilters);
  const best = new Map<string, Scored>();
  const options = {
    tokenize: (text: string) => text.split(' '),
    processTerm: (t: string) => t,
    prefix: (term: string, i: number) => query.prefixed[i] && term.length >= PREFIX_FROM,
  };
  // forEach, not for...of: no [key, value] pair made for each of thousands of matches.
  mini.executeQuery(query.terms.join(' '), options).forEach(({ score: bm25, terms, match }, shortId) => {
    const record = entries[mini._documentIds.get(shortId) as number];
    if (!passes(record)) return;
    const cover = coverage(match);
    if (cover.all === 0) return; // only typo candidates that are not typos
    const isPage = record.type === 'lvl1';
    const titleBonus = cover.title === 1 ? (isPage ? 6 : 3) : 1 + cover.title;
    // MiniSearch's score of a result: its BM25 sum times the number of the query's terms it matched.
    const score = bm25 * (terms.length || 1) * cover.all ** 2 * titleBonus * weightOf(record);
    const seen = best.get(record.url);
    if (!seen || seen.score < score) best.set(record.url, { record, score, match });
  });
  return best;
}
