/**
 * Scoring one query for the engine (src/search/engine.ts): every index record that matches, with its score, one a
 * URL. MiniSearch indexes the records; `matcherOf` reads its index as MiniSearch's own search does and gives each
 * record's BM25 score; `scoredHits` weighs it by the share of the query's words the record holds and by its title, and
 * keeps out what the facet filters leave out.
 *
 * Why not MiniSearch's `search`: it makes a result object, a list of words and a sort for each of thousands of
 * matches, and the MCP endpoint at the edge paid for that garbage in collector pauses past Workers' 10 ms a request.
 * `matcherOf` works in arrays made once per engine, and gives the same scores, sum for sum (a test compares them with
 * MiniSearch's `search` on the relevance sets). It checks the members of MiniSearch's index that it reads, so that an
 * upgrade that changes them fails at the engine's creation rather than ranking wrongly.
 */
import type MiniSearch from 'minisearch';
import { isReferencePage, isSchemaPage } from '../api-reference/routes';
import { answers, PREFIX_FROM, type QueryWord } from './terms';
import type { FacetFilters, SearchEntry } from './records';

/**
 * The query's terms as the engine reads them: each with whether it matches as a prefix, its words as bits, and whether
 * it is a sentence (a question), which weighs the API Reference less (`weightOf`).
 */
export type Query = { terms: string[]; prefixed: boolean[]; words: QueryWord[]; sentence: boolean };

/** An indexed word's postings in MiniSearch's index: by field id, each record's short id and the word's count in it. */
type Postings = Map<number, Map<number, number>>;

/** What of MiniSearch 7's index the engine reads: its words, its records' ids and lengths, and its search settings. */
type Internals = {
  _index: {
    get(word: string): Postings | undefined;
    atPrefix(prefix: string): Iterable<[string, Postings]>;
    fuzzyGet(word: string, edits: number): Map<string, [Postings, number]>;
  };
  _documentIds: Map<number, number>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
  _nextId: number;
  _dirtCount: number;
  _options: {
    fields: string[];
    searchOptions: { boost: Record<string, number>; weights: { fuzzy: number; prefix: number }; bm25: { k: number; b: number; d: number } };
  };
};

function internalsOf<T>(mini: MiniSearch<T>): Internals {
  const m = mini as unknown as Partial<Internals>;
  const has =
    typeof m._index?.get === 'function' &&
    typeof m._index.atPrefix === 'function' &&
    typeof m._index.fuzzyGet === 'function' &&
    m._documentIds instanceof Map &&
    m._fieldLength instanceof Map &&
    Array.isArray(m._avgFieldLength) &&
    typeof m._documentCount === 'number' &&
    typeof m._nextId === 'number' &&
    m._options?.searchOptions?.bm25 !== undefined &&
    m._options.searchOptions.weights !== undefined;
  if (!has) throw new Error('MiniSearch has changed its index (src/search/scoring.ts reads it): adapt matcherOf to this version');
  // A record taken out of the index leaves its words until a vacuum; MiniSearch's search skips them, this does not.
  if (m._dirtCount !== 0) throw new Error('The search index has records taken out: the engine indexes once and never removes');
  return m as Internals;
}

/**
 * What one query matches: each record that holds a word answering one of its terms, in the order MiniSearch's search
 * finds them (`docs`, the first `count`), with its score as that search gives it (`score`), and which of the query's
 * terms its words answer (`all`) and its title's words answer (`title`), as bits. Read before the next query.
 */
export type Matches = {
  docs: Int32Array;
  count: number;
  score: Float64Array;
  all: Int32Array;
  title: Int32Array;
  /** The indexed words the query matched (a new set each query: a hit reads it for its highlighted words later). */
  words: Set<string>;
};

/**
 * The engine's reader of MiniSearch's index: MiniSearch's own search (7.2: executeQuery, executeQuerySpec, termResults
 * and its OR), step for step and sum for sum, so that each score is the one its `search` gives, but into arrays made
 * once per engine. Its options are the engine's (an exact word, its prefixes, its typos, as MINI_OPTIONS in
 * src/search/engine.ts has them). The indexed words a record matched, for highlighting, come from `wordsOf` when a hit
 * is read.
 */
export function matcherOf<T>(mini: MiniSearch<T>, fuzzyEdits: (term: string) => number) {
  const m = internalsOf(mini);
  const size = m._nextId;
  const { boost, bm25 } = m._options.searchOptions;
  const fields = m._options.fields.map((name) => {
    const id = m._fieldIds[name];
    return { id, boost: boost[name] || 1, average: m._avgFieldLength[id], isTitle: name === 'title' };
  });
  const { k, b, d } = bm25;
  const bm25Of = (count: number, matching: number, length: number, average: number) =>
    Math.log(1 + (m._documentCount - matching + 0.5) / (matching + 0.5)) *
    (d + (count * (k + 1)) / (count + k * (1 - b + (b * length) / average)));
  const matches: Matches = {
    docs: new Int32Array(size),
    count: 0,
    score: new Float64Array(size),
    all: new Int32Array(size),
    title: new Int32Array(size),
    words: new Set(),
  };
  // One query term's sum for each record, the records it touched in order, and the terms of the query each record has.
  const partial = new Float64Array(size);
  const touched = new Int32Array(size);
  const inTerm = new Uint8Array(size);
  const terms = new Uint8Array(size);
  const seen = new Uint8Array(size);
  let touchedCount = 0;

  const add = (word: string, postings: Postings | undefined, weight: number, mask: number) => {
    if (!postings) return;
    matches.words.add(word);
    for (const field of fields) {
      const counts = postings.get(field.id);
      if (!counts) continue;
      const matching = counts.size;
      counts.forEach((count, doc) => {
        const weighted = weight * field.boost * bm25Of(count, matching, (m._fieldLength.get(doc) as number[])[field.id], field.average);
        if (inTerm[doc] === 0) {
          inTerm[doc] = 1;
          touched[touchedCount++] = doc;
          partial[doc] = weighted;
        } else partial[doc] += weighted;
        matches.all[doc] |= mask;
        if (field.isTitle) matches.title[doc] |= mask;
      });
    }
  };

  /** The matches of a query's terms (each a prefix too where `prefixed` says); `maskOf` gives an indexed word's bits. */
  const match = (queryTerms: string[], prefixed: boolean[], maskOf: (word: string) => number): Matches => {
    for (let i = 0; i < matches.count; i++) {
      const doc = matches.docs[i];
      matches.score[doc] = 0;
      matches.all[doc] = 0;
      matches.title[doc] = 0;
      terms[doc] = 0;
      seen[doc] = 0;
    }
    matches.count = 0;
    matches.words = new Set();
    queryTerms.forEach((term, i) => {
      touchedCount = 0;
      wordsOfTerm(m, term, prefixed[i] && term.length >= PREFIX_FROM, fuzzyEdits(term), (word, postings, weight) =>
        add(word, postings, weight, maskOf(word)),
      );
      // MiniSearch's OR: a record's sum over each term, added up in the query's order.
      for (let t = 0; t < touchedCount; t++) {
        const doc = touched[t];
        inTerm[doc] = 0;
        terms[doc] += 1;
        if (seen[doc] === 0) {
          seen[doc] = 1;
          matches.docs[matches.count++] = doc;
          matches.score[doc] = partial[doc];
        } else matches.score[doc] = matches.score[doc] + partial[doc];
      }
    });
    // MiniSearch's search: a result's score is its sum times the number of the query's terms it has.
    for (let i = 0; i < matches.count; i++) matches.score[matches.docs[i]] *= terms[matches.docs[i]];
    return matches;
  };

  /** The indexed words of `words` (a query's matches) that a record holds, in any field. */
  const wordsOf = (doc: number, words: Iterable<string>) => {
    const held: string[] = [];
    for (const word of words) {
      const postings = m._index.get(word);
      if (postings && fields.some((field) => postings.get(field.id)?.has(doc))) held.push(word);
    }
    return held;
  };
  return { match, wordsOf, idOf: (doc: number) => m._documentIds.get(doc) as number };
}

/**
 * The indexed words a query term matches, in MiniSearch's order, each with its postings and its weight: the term itself
 * (1), the longer words it begins when `prefix` (nearer 0.6 the fewer letters they add), then the words `edits` typos
 * away that are not among those (nearer 0.4 the fewer edits).
 */
function wordsOfTerm(
  m: Internals,
  term: string,
  prefix: boolean,
  edits: number,
  visit: (word: string, postings: Postings | undefined, weight: number) => void,
) {
  const { weights } = m._options.searchOptions;
  visit(term, m._index.get(term), 1);
  const typos = edits ? m._index.fuzzyGet(term, edits) : undefined;
  if (prefix)
    for (const [word, postings] of m._index.atPrefix(term)) {
      const longer = word.length - term.length;
      if (!longer) continue;
      typos?.delete(word);
      visit(word, postings, (weights.prefix * word.length) / (word.length + 0.3 * longer));
    }
  typos?.forEach(([postings, distance], word) => {
    if (distance) visit(word, postings, (weights.fuzzy * word.length) / (word.length + distance));
  });
}

/** A record that matches, scored; `doc`, its short id in MiniSearch's index, gives the words to highlight (`termsOf`). */
export type Scored = { record: SearchEntry; score: number; doc: number };

export type Matcher = ReturnType<typeof matcherOf>;

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
 * The anchors of the sections about other pages: a page's "Next steps", which every guide and help-centre page ends
 * with, and a section overview's "In this section", a card for each page of the section (its title and summary).
 */
const ABOUT_OTHER_PAGES = ['#next-steps', '#in-this-section'];

/**
 * A question in a sentence is answered by the page that explains (a guide, the help centre) before the reference that
 * lists (the API Reference's pages): the reference's hits weigh 0.7 (chosen on the tuning sets, bench/HISTORY.md,
 * search round 23). Keywords (a call's or a field's name) are not weighed.
 */
const REFERENCE_IN_A_SENTENCE = 0.7;

/**
 * Guides and the help centre own their topics; the API reference's schema
 * pages repeat every field name, so they rank a little lower. A section about
 * other pages ("Next steps", "In this section") names them and what they are
 * for: it is about them, and weighs half (chosen on the tuning sets,
 * bench/HISTORY.md, search rounds 15 and 24).
 */
function weightOf(entry: SearchEntry, sentence: boolean): number {
  const { url } = entry;
  return (
    (isSchemaPage(url) ? 0.6 : 1) *
    (ABOUT_OTHER_PAGES.some((anchor) => url.endsWith(anchor)) ? 0.5 : 1) *
    (sentence && isReferencePage(url) ? REFERENCE_IN_A_SENTENCE : 1)
  );
}

/**
 * Scoring one query: which of its terms an indexed word answers (a bit each, worked out once per word), and the share
 * of the query's words a set of those bits covers.
 */
function scorerOf({ terms, prefixed, words }: Query) {
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
  return { maskOf, share };
}

/**
 * Every record that matches a query, scored, one a URL (as DocSearch's `distinct` gives): its BM25 score times the
 * share of the query's words it holds, squared, times its title's bonus and its weight. With it, `termsOf` a hit: the
 * words to highlight, the indexed words it matched that answer the query (typo candidates that are typos), sorted.
 */
export function scoredHits(matcher: Matcher, entries: SearchEntry[], query: Query, passes: (entry: SearchEntry) => boolean) {
  const { maskOf, share } = scorerOf(query);
  const best = new Map<string, Scored>();
  const { docs, count, score: bm25, all, title, words } = matcher.match(query.terms, query.prefixed, maskOf);
  for (let i = 0; i < count; i++) {
    const doc = docs[i];
    const record = entries[matcher.idOf(doc)];
    if (!passes(record)) continue;
    const cover = share(all[doc]);
    if (cover === 0) continue; // only typo candidates that are not typos
    const inTitle = title[doc] === 0 ? 0 : share(title[doc]);
    const isPage = record.type === 'lvl1';
    const titleBonus = inTitle === 1 ? (isPage ? 6 : 3) : 1 + inTitle;
    const score = bm25[doc] * cover ** 2 * titleBonus * weightOf(record, query.sentence);
    const seen = best.get(record.url);
    if (!seen || seen.score < score) best.set(record.url, { record, score, doc });
  }
  const termsOf = (doc: number) =>
    matcher
      .wordsOf(doc, words)
      .filter((t) => maskOf(t) !== 0)
      .sort();
  return { best, termsOf };
}
