/**
 * A query's terms as the engine reads them, and which indexed words answer them: the words (whole, and an identifier's
 * parts), each in its one form (lowercase, singular, small words dropped), and the typo and prefix rules. Shared by
 * the engine (src/search/engine.ts) and the MCP server's list_unknowns (mcp/tools/unknowns.ts).
 */
import { editDistance } from './editDistance';
import { STOP_WORDS } from './question';
import { partsOf, wordsOf } from './words';

/** The engine reads at most this many characters of a query. */
export const MAX_QUERY_LENGTH = 256;

// A regular expression literal in a function is a new object at each call: these run on every hit of a search.
const LOWERCASE_WORD = /^\p{Ll}+$/u;
const NOT_A_PLURAL = /(ss|us|is)$/;
const ES_PLURAL = /(sses|xes|ches|shes|uses)$/;

/** English plurals to their singular, for plain words: payouts, statuses, currencies, addresses. */
export function singular(word: string): string {
  if (word.length <= 3 || !LOWERCASE_WORD.test(word) || NOT_A_PLURAL.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (ES_PLURAL.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Irregular forms read as the word they are a form of: "customers paid" is "customers pay". */
const IRREGULAR = new Map([['paid', 'pay']]);

export const processTerm = (term: string): string | null => {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : (IRREGULAR.get(lower) ?? singular(lower));
};

/**
 * Edits a query word may be away from an indexed word. MiniSearch finds candidates by Levenshtein
 * distance (two edits from 6 letters, so that a swap of two letters is found); a candidate counts when
 * it is within `allowedEdits` with a swap as one edit: "refnud" finds refund, "become" not welcome.
 */
export const candidateEdits = (term: string) => (term.length >= 6 ? 2 : term.length >= 4 ? 1 : 0);
const allowedEdits = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);
export const PREFIX_FROM = 3;

/** Whether an indexed word is what a query word asks for: itself, a word it begins, or a typo away. */
export function answers(queryTerm: string, docTerm: string, prefix = true): boolean {
  if (docTerm === queryTerm) return true;
  if (prefix && queryTerm.length >= PREFIX_FROM && docTerm.startsWith(queryTerm)) return true;
  const allowed = allowedEdits(queryTerm);
  return allowed > 0 && Math.abs(queryTerm.length - docTerm.length) <= allowed && editDistance(queryTerm, docTerm) <= allowed;
}

/** A word of the query: whole, and its parts when it is an identifier (covered by the whole or by all its parts). */
export type QueryWord = { whole: string | null; parts: string[] };

function queryWordsOf(query: string): QueryWord[] {
  return wordsOf(query)
    .map((word) => ({
      whole: processTerm(word),
      parts: partsOf(word, true)
        .map(processTerm)
        .filter((t): t is string => !!t),
    }))
    .filter((w) => w.whole !== null || w.parts.length > 0);
}

/**
 * The most distinct terms a query counts: each is a bit of a mask, and a number's bitwise operators work
 * on 32 bits (bits 0 to 30 keep clear of the sign bit). `1 << 31` is the sign bit and `1 << 32` is `1 << 0`
 * again, so more terms would make a record with one of them count as having another.
 */
const MAX_TERMS = 31;

/** The words of a query the engine reads (in order, while their distinct terms number MAX_TERMS at most) and those terms. */
export function queryOf(query: string): { words: QueryWord[]; terms: string[] } {
  const words: QueryWord[] = [];
  const terms = new Set<string>();
  for (const word of queryWordsOf(query.trim().slice(0, MAX_QUERY_LENGTH))) {
    const added = new Set([...(word.whole === null ? [] : [word.whole]), ...word.parts].filter((t) => !terms.has(t)));
    if (terms.size + added.size > MAX_TERMS) break;
    words.push(word);
    for (const term of added) terms.add(term);
  }
  return { words, terms: [...terms] };
}
