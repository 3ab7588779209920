/**
 * How the engine (src/search/engine.ts) reads a question: the search box, /search and the MCP server's
 * search_docs all ask the engine, so a question is ranked the same way through each of them.
 *
 * - Readers' words first: an everyday wording is replaced by the site's words (src/search/readerWords.ts:
 *   "pays too little" is searched as underpaid).
 * - A sentence (a `?`, a question word first, or five words or more) is searched by its telling words:
 *   question words go (how, do, I, can, ...), and so do words that most pages of the site hold (api);
 *   a word's -ate/-ation forms are searched as one (authenticate finds authentication).
 * - The hits whose own heading holds the most of the question's rare words (held by few pages, and not
 *   common English words) come first, before those that have them only in their text or in the title of
 *   the page they sit on.
 * - A sentence is answered by the page that explains before the reference that lists: the API
 *   Reference's hits weigh less (keywords, a field's or a call's name, are not weighed).
 * - A query that names a schema and asks for its fields ("Payout fields") gets the schema's page first.
 */
import commonEnglish from 'stopwords-en';
import { inSiteWords } from './glossary';
import type { ReaderWording } from './readerWords';

/** Words too common to tell pages apart: never indexed (src/search/engine.ts), dropped from queries. */
export const STOP_WORDS = new Set(
  'a an and are as at be by for from how i in is it its of on or that the this to was what when where which with you your'.split(' '),
);

/** Words that make a question a question, and say nothing of what it is about. */
const QUESTION_WORDS = new Set(
  'how what which where when why who whom whose do does did can could should would will shall may might must i me my mine we us our ours am is are was were be been it its there please happen happens if see know tell want way possible able any has have had having being'.split(
    ' ',
  ),
);

/**
 * Words that say nothing of what a sentence is about, dropped from it like the question words; they do not
 * make a query a sentence ("get charge by id" is keywords).
 */
const FILLER_WORDS = new Set(
  'not cannot make makes made making put puts get gets got getting take takes took every anything something really just still already ever'.split(
    ' ',
  ),
);

/** Contractions in full ("doesn't" is does not, not the word doesn and a t), with either apostrophe. */
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b(can)['’]t\b/giu, 'cannot'],
  [/\b(won)['’]t\b/giu, 'will not'],
  [/\b(\p{L}+)n['’]t\b/giu, '$1 not'],
  [/\b(i)['’]m\b/giu, '$1 am'],
  [/\b(\p{L}+)['’]re\b/giu, '$1 are'],
  [/\b(\p{L}+)['’]ve\b/giu, '$1 have'],
  [/\b(\p{L}+)['’]ll\b/giu, '$1 will'],
  [/\b(i|you|we|they|he|she)['’]d\b/giu, '$1 would'],
  // 's after a question word or pronoun is "is"; after a noun it is a possessive (the customer's), left alone.
  [/\b(what|where|when|why|who|how|it|that|there|here|he|she)['’]s\b/giu, '$1 is'],
];

/** `query` with its contractions written out. */
const withoutContractions = (query: string) => CONTRACTIONS.reduce((q, [pattern, full]) => q.replace(pattern, full), query);

/** Words that ask for a schema's fields, not for a topic. */
export const FIELD_WORDS = new Set(['field', 'fields', 'property', 'properties', 'schema', 'object', 'shape']);

/**
 * Common English words (stopwords-en 0.3.0, a general list of 1,298: without, another, under, work): a heading that
 * holds one is not about the question's topic, however few pages hold the word. Such a word still counts as one of the
 * question's words; it is never one of its rare words (chosen on the tuning sets, bench/HISTORY.md, search round 25).
 */
const COMMON_ENGLISH = new Set<string>(commonEnglish);

/** A word that most pages of the site hold (api) tells no page apart. */
const COMMON_SHARE = 0.5;
/** A word that few pages hold is what a question is about. */
const RARE_SHARE = 0.1;

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}_\-.:]+/u).filter(Boolean);

/** A sentence rather than keywords: a question mark, a question word first, or five words or more. */
function isSentence(query: string): boolean {
  const words = wordsOf(query);
  return query.trim().endsWith('?') || QUESTION_WORDS.has((words[0] ?? '').toLowerCase()) || words.length >= 5;
}

/** `authenticate`, `authentication`, `authenticating` -> `authenticat`, which the engine reads as a prefix of each. */
function stemOf(word: string): string {
  const stem = /^(\p{Ll}{4,})at(?:e|ed|es|ing|ion|ions)$/u.exec(word);
  return stem ? `${stem[1]}at` : word;
}

type Plan = {
  /** What the engine searches. */
  query: string;
  /** Whether the query is a sentence (a question), not keywords. */
  sentence: boolean;
  /** Stems of the question's rare words, which the hits' own headings should hold. */
  rare: string[];
  /**
   * The words that match as the start of longer words: every word of a few keywords (they may be typed
   * still), but of a sentence only its stems (authenticat) and its last word while it has no final
   * punctuation: "pay" in "which coins can customers pay with" asks for pay, not payouts.
   */
  prefix: (word: string, last: boolean) => boolean;
};

const ANY_PREFIX = () => true;

/**
 * How a query is searched: its readers' words in the site's words, and a sentence by its telling words.
 * `pageShare` gives the share of the site's pages that hold a word (lowercase).
 */
export function planOf(typed: string, pageShare: (word: string) => number, words?: ReaderWording[]): Plan {
  const query = inSiteWords(withoutContractions(typed), words);
  if (!isSentence(typed)) return { query, sentence: false, rare: [], prefix: ANY_PREFIX };
  const telling = wordsOf(query)
    // A letter alone (the s of a possessive) says nothing.
    .filter((w) => ![QUESTION_WORDS, FILLER_WORDS, STOP_WORDS].some((set) => set.has(w.toLowerCase())) && !/^\p{L}$/u.test(w))
    .filter((w) => !/^\p{Ll}+$/u.test(w.toLowerCase()) || pageShare(w.toLowerCase()) <= COMMON_SHARE);
  if (telling.length === 0) return { query, sentence: true, rare: [], prefix: ANY_PREFIX };
  const plain = (w: string) => /^\p{L}+$/u.test(w);
  const stems = telling.map((w) => (plain(w) ? stemOf(w.toLowerCase()) : w));
  const shares = telling.map((w) => (plain(w) ? pageShare(w.toLowerCase()) : 1));
  const rare = stems.filter((_, i) => shares[i] <= RARE_SHARE && !COMMON_ENGLISH.has(telling[i].toLowerCase()));
  const stemmed = new Set(stems.filter((stem, i) => stem !== telling[i].toLowerCase()));
  const complete = /[?.!]\s*$/.test(typed);
  return { query: stems.join(' '), sentence: true, rare, prefix: (word, last) => stemmed.has(word) || (last && !complete) };
}
