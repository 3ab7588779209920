/**
 * Ranking for the built-in search: MiniSearch over the index records. A plain
 * module with no browser or Node API, so that the same engine and ranking run
 * in the search worker (src/search/worker.ts) and in Node (tests, benchmarks,
 * and any other tool that reads build/search-index.json).
 *
 * - Words and identifiers: `insufficient_balance`, `x-widget-token`, `USDT0`
 *   are kept whole and also split into words; `RefundCreateRequest` also gives
 *   refund, create, request. Small words (a, the, of, ...) are not indexed.
 * - Typos: one edit from 4 letters (`withdrawl`; a swap of two letters is one
 *   edit: `refnud`), two from 8 (`withdrwl`); every word of 3 letters or more
 *   also matches as a prefix (a word being typed).
 * - A query counts up to its first 31 distinct terms (each is a bit of a
 *   32-bit mask); the words after them are not read.
 * - Every record that matches any word of the query is scored: its BM25 score
 *   (headings weigh more than text), times the share of the query's words it
 *   matches, squared, so that a record with all of them comes first.
 * - Titles: a record whose own title (a page's title, or a heading) holds the
 *   query's words ranks above text that mentions them, and a page whose title
 *   matches ranks above its sections: "invoice statuses" gives the page
 *   "Invoice statuses" first, "update checkout" the call "Update a checkout".
 * - Pages, not sections: a page gives one hit (its best section) before every other page has had its
 *   first, so one page of many sections (an API call's request and responses) cannot take the first hits;
 *   one text of one page is listed once. A page's best hit gains half the scores of its next four, so a
 *   page that answers in several sections ranks above one section that mentions the words; a page's
 *   "Next steps" and a section overview's "In this section", about other pages, weigh half.
 * - A question in a sentence gets the page that explains before the API Reference's page that lists.
 */
import MiniSearch, { type Options } from 'minisearch';
import { entryOf, type FacetFilters, type SearchEntry, type SearchRecord } from './records';
import { isReferencePage, isSchemaPage } from '../api-reference/routes';
import { FIELD_WORDS, planOf } from './question';
import type { ReaderWording } from './readerWords';
import { readerWords as defaultReaderWords } from './glossary';
import { tokenize } from './words';
import { pageNumbersOf, pageShareOf, pageWordsOf, type PageWords } from './pageWords';
import { answers, candidateEdits, MAX_QUERY_LENGTH, PREFIX_FROM, processTerm, queryOf, singular } from './terms';
import { filterOf, matcherOf, scoredHits, type Scored } from './scoring';
import { answeringSentence, isLeadIn } from './answeringSentence';

type Doc = { id: number; title: string; section: string; content: string; anchor: string };

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function toDoc(entry: SearchEntry, id: number): Doc {
  const level = entry.type === 'content' ? -1 : Number(entry.type.slice(3));
  const own = level > 0 ? (entry.hierarchy[level] ?? '') : '';
  // The headings a record sits under: the page title and the headings above it (for text, all of them).
  const above = entry.hierarchy.slice(1, level > 0 ? level : undefined).filter(Boolean);
  // The anchor names what a record is about when it is the record's own (#insufficient_balance,
  // #payout-error-1003); the slug of the heading it sits under would count the heading twice.
  const anchor = entry.url.includes('#') ? entry.url.slice(entry.url.indexOf('#') + 1) : '';
  const heading = entry.hierarchy.filter(Boolean).at(-1) ?? '';
  return {
    id,
    title: own,
    section: above.join(' '),
    content: entry.content ?? '',
    anchor: letters(anchor) === letters(heading) ? '' : anchor,
  };
}

export type Engine = { search: (query: string, facetFilters?: FacetFilters) => Ranked[] };
export type Ranked = {
  record: SearchEntry;
  score: number;
  /** The indexed words it matched, to highlight. */
  terms: string[];
  /** The text that answers: the sentence of the record's text (or, for a heading, of the text under it) that holds the most query words. */
  text?: string;
};
export type EngineOptions = { readerWords?: ReaderWording[] };

const MAX_HITS_A_PAGE = 1;

/** MiniSearch's settings: the same when the engine indexes records and when it loads an index built ahead. */
const MINI_OPTIONS: Options<Doc> = {
  fields: ['title', 'section', 'content', 'anchor'],
  storeFields: [],
  tokenize,
  processTerm,
  searchOptions: {
    boost: { title: 3, anchor: 2, section: 1.2, content: 1 },
    prefix: (term: string) => term.length >= PREFIX_FROM,
    fuzzy: (term: string) => candidateEdits(term),
    maxFuzzy: 2,
    combineWith: 'OR',
    weights: { fuzzy: 0.4, prefix: 0.6 },
  },
};

/** MiniSearch's index of the entries, with the engine's settings. */
export function miniSearchOf(entries: SearchEntry[]): MiniSearch<Doc> {
  const mini = new MiniSearch<Doc>(MINI_OPTIONS);
  mini.addAll(entries.map(toDoc));
  return mini;
}

/**
 * The engine's state worked out ahead of time from the index records: MiniSearch's index and which pages
 * hold each word, as plain JSON. Loaded with `loadEngine`, it ranks as `createEngine` over the same records
 * does, without tokenizing the records again (the MCP endpoint at the edge, mcp/build.ts).
 */
export type EngineState = { records: SearchRecord[]; index: ReturnType<MiniSearch['toJSON']>; pageWords: PageWords };

export function engineState(records: SearchRecord[]): EngineState {
  const entries = records.map(entryOf);
  return { records, index: miniSearchOf(entries).toJSON(), pageWords: pageWordsOf(entries) };
}

export function loadEngine(state: EngineState, options: EngineOptions = {}): Engine {
  const pageWords = state.pageWords;
  const entries = state.records.map(entryOf);
  return engineOver(entries, MiniSearch.loadJS<Doc>(state.index, MINI_OPTIONS), pageNumbersOf(entries), () => pageWords, options);
}

/** The engine over the index records: indexed now, which pages hold each word worked out on the first question. */
export function createEngine(records: SearchRecord[], options: EngineOptions = {}): Engine {
  const entries = records.map(entryOf);
  // Each entry's page, numbered once: the engine groups hits by it, and the page words (on the first question) read it.
  const pageNumbers = pageNumbersOf(entries);
  return engineOver(entries, miniSearchOf(entries), pageNumbers, () => pageWordsOf(entries, pageNumbers), options);
}

/**
 * Pages, not sections: hits in their order, the same text on one page (a repeated paragraph under two headings) once,
 * at its best rank, and a page's hits past MAX_HITS_A_PAGE after every other page's first.
 */
function pagesFirst(sorted: Scored[], pageOf: Map<SearchEntry, number>): Scored[] {
  // Each page's texts shown so far (a text's content, a heading's hierarchy).
  const shown = new Map<number, Set<string>>();
  const first: Scored[] = [];
  const later: Scored[] = [];
  for (const hit of sorted) {
    const { content, hierarchy } = hit.record;
    const page = pageOf.get(hit.record) as number;
    const text = content ?? hierarchy.join('\u0000');
    let texts = shown.get(page);
    if (!texts) shown.set(page, (texts = new Set()));
    else if (texts.has(text)) continue;
    texts.add(text);
    (texts.size <= MAX_HITS_A_PAGE ? first : later).push(hit);
  }
  return [...first, ...later];
}

/** How many of a page's other hits count for its best one, and what share of their scores. */
const PAGE_SECTIONS = 4;
const PAGE_SHARE = 0.5;

/**
 * A page that answers in several sections above a section that mentions the words once: each page's best hit gains half
 * the scores of the page's next four (chosen on the tuning sets, bench/HISTORY.md, search round 15).
 */
function withPageEvidence(hits: Iterable<Scored>, pageOf: Map<SearchEntry, number>, byRank: (a: Scored, b: Scored) => number): void {
  const pages = new Map<number, Scored[]>();
  for (const hit of hits) {
    const page = pageOf.get(hit.record) as number;
    const list = pages.get(page);
    if (list) list.push(hit);
    else pages.set(page, [hit]);
  }
  for (const list of pages.values()) {
    if (list.length < 2) continue;
    // In the engine's order, ties too: an index built now and one loaded list hits in different orders.
    list.sort(byRank);
    let others = 0;
    for (let i = 1; i <= PAGE_SECTIONS && i < list.length; i++) others += list[i].score;
    list[0].score += PAGE_SHARE * others;
  }
}

/** What a hit reads to give its words and its answering sentence: the query's terms, and the texts at each URL. */
type AnswerContext = {
  terms: string[];
  prefixed: boolean[];
  seen: Map<string, boolean>;
  textsAt: Map<string, string[]>;
  termsOf: (doc: number) => string[];
};

/**
 * A hit with its words to highlight and the sentence that answers: of its own text, or of the text under its heading.
 * Worked out when read (a caller shows a page of hits, not all of them), then kept: getters on the prototype, so that a
 * search with thousands of hits makes no more than a small object each.
 */
class Hit implements Ranked {
  private answer?: { text: string | undefined };
  private words?: string[];
  constructor(
    readonly record: SearchEntry,
    public score: number,
    private readonly doc: number,
    private readonly context: AnswerContext,
  ) {}
  get terms(): string[] {
    return (this.words ??= this.context.termsOf(this.doc));
  }
  get text(): string | undefined {
    if (!this.answer) {
      const { terms, prefixed, seen, textsAt } = this.context;
      const { content, url } = this.record;
      const at = textsAt.get(url) ?? [];
      // A text is its own answer; a lead-in ("Fields of X", a caption) with the texts it leads to, as under a heading.
      const texts = content === undefined ? at : isLeadIn(content) ? at.slice(Math.max(0, at.indexOf(content))) : [content];
      const holds = (word: string) => {
        let yes = seen.get(word);
        if (yes === undefined) {
          const term = processTerm(word);
          seen.set(word, (yes = term !== null && terms.some((t, i) => answers(t, term, prefixed[i]))));
        }
        return yes;
      };
      this.answer = { text: answeringSentence(texts, holds, this.record.hierarchy.filter(Boolean).at(-1)) };
    }
    return this.answer.text;
  }
}

/** A record's own heading (a text's: the heading right above it) as words, lowercase, and their singulars. */
type HeadingWords = { words: string[]; singulars: Set<string> };

function headingWordsOf(entry: SearchEntry): HeadingWords {
  const level = entry.type === 'content' ? -1 : Number(entry.type.slice(3));
  const own = level > 0 ? (entry.hierarchy[level] ?? '') : (entry.hierarchy.filter(Boolean).at(-1) ?? '');
  const words = tokenize(own).map((w) => w.toLowerCase());
  return { words, singulars: new Set(words.map(singular)) };
}

/** A question's rare word as a heading is searched for it: a stem (authenticat), or a plain word in its singular. */
type Stem = { stem: string; isStem: boolean; one: string };

const stemOf = (stem: string): Stem => ({ stem, isStem: stem.endsWith('at'), one: singular(stem) });

/**
 * Whether a record's own heading holds a word that starts with `stem`: a stem (authenticat) as the start of a word; a
 * plain word as itself, singular or plural, not as a prefix (pay is not payout).
 */
function headingHas({ words, singulars }: HeadingWords, { stem, isStem, one }: Stem): boolean {
  return isStem ? words.some((w) => w.startsWith(stem)) : singulars.has(one);
}

function engineOver(
  entries: SearchEntry[],
  index: MiniSearch<Doc>,
  pageNumbers: number[],
  pageWords: () => PageWords,
  options: EngineOptions,
): Engine {
  const words = options.readerWords ?? defaultReaderWords;
  const matcher = matcherOf(index, candidateEdits);
  // The text blocks at each URL (a page's or a heading's anchor), in page order.
  const textsAt = new Map<string, string[]>();
  for (const entry of entries) {
    if (!entry.content) continue;
    const texts = textsAt.get(entry.url);
    if (texts) texts.push(entry.content);
    else textsAt.set(entry.url, [entry.content]);
  }
  // The schema pages (their lvl1 record), by the schema's name in lowercase.
  const schemaPages = new Map<string, SearchEntry>();
  for (const entry of entries)
    if (entry.type === 'lvl1' && isSchemaPage(entry.url)) schemaPages.set((entry.hierarchy[1] ?? '').toLowerCase(), entry);
  const pageShare = pageShareOf(pageWords);
  // Each record's heading words, worked out the first time a question's hit needs them, then kept.
  const headings = new Map<SearchEntry, HeadingWords>();
  const headingWords = (entry: SearchEntry) => {
    let words = headings.get(entry);
    if (!words) headings.set(entry, (words = headingWordsOf(entry)));
    return words;
  };
  const orderOf = new Map(entries.map((entry, i) => [entry, i]));
  const pageOf = new Map(entries.map((entry, i) => [entry, pageNumbers[i]]));
  /** The schema pages a query asks the fields of: it names the schema and a field word. */
  const askedSchemas = (query: string) => {
    const named = query.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
    if (!named.some((w) => FIELD_WORDS.has(w.toLowerCase()))) return [];
    return named.map((w) => schemaPages.get(w.toLowerCase())).filter((r): r is SearchEntry => r !== undefined);
  };
  // On a tie, a guide or help-centre page before the API reference's page of the same thing, then the index's order
  // (whatever order MiniSearch's own index, built now or loaded, lists them in).
  const ref = (hit: Scored) => (isReferencePage(hit.record.url) ? 1 : 0);
  const order = (hit: Scored) => orderOf.get(hit.record) ?? 0;
  const byRank = (a: Scored, b: Scored) => b.score - a.score || ref(a) - ref(b) || order(a) - order(b);

  return {
    search(typed, facetFilters = []) {
      const plan = planOf(typed.trim().slice(0, MAX_QUERY_LENGTH), pageShare, words);
      const { words: queryWords, terms } = queryOf(plan.query);
      if (terms.length === 0) return [];
      const prefixed = terms.map((t, i) => plan.prefix(t, i === terms.length - 1));
      const passes = filterOf(facetFilters);
      const { best, termsOf } = scoredHits(matcher, entries, { terms, prefixed, words: queryWords, sentence: plan.sentence }, passes);
      // A question's hits whose own heading holds its rare words weigh more: (1 + n) ** 2.5, 5.7 times for one, 15.6
      // for two (chosen on the relevance sets: a heading about the question's topic above text that mentions it).
      if (plan.rare.length) {
        const stems = plan.rare.map(stemOf);
        for (const hit of best.values()) {
          const heading = headingWords(hit.record);
          let n = 0;
          for (const stem of stems) if (headingHas(heading, stem)) n++;
          hit.score *= (1 + n) ** 2.5;
        }
      }
      withPageEvidence(best.values(), pageOf, byRank);
      // A query that names a schema and asks for its fields ("Payout fields") gets the schema's page first.
      const asked = askedSchemas(typed).filter(passes);
      const schemaHits = asked.map((record) => best.get(record.url) ?? { record, score: 0, doc: -1 });
      const listed = new Set(schemaHits.map((h) => h.record.url));
      const ranked = [...schemaHits, ...pagesFirst([...best.values()].sort(byRank), pageOf).filter((h) => !listed.has(h.record.url))];
      const context = { terms, prefixed, seen: new Map<string, boolean>(), textsAt, termsOf };
      return ranked.map((hit) => new Hit(hit.record, hit.score, hit.doc, context));
    },
  };
}
