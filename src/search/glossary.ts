/**
 * The docs' glossary: readers' words and the docs' own synonyms, shared by the engine and the MCP server:
 *
 * - readers' words (`readerWords`: src/search/readerWords.ts, where an entry's rules are, src/search/apiWords.ts,
 *   src/search/actionWords.ts, src/search/quantityWords.ts and src/search/providerWords.ts) to the site's words. The
 *   engine (src/search/engine.ts) searches a query with each wording replaced by the site's words (`inSiteWords`), in
 *   the search box, on /search and in the MCP server's search_docs alike; list_unknowns reads a topic in the site's
 *   words too.
 * - `siteSynonyms`: words the docs themselves use for one thing (webhook and callback), so that list_unknowns finds the
 *   marks written with either. The engine does not use them (tried: bench/HISTORY.md).
 */
import { everydayWords, type ReaderWording } from './readerWords';
import { apiWords } from './apiWords';
import { actionWords } from './actionWords';
import { quantityWords } from './quantityWords';
import { providerWords } from './providerWords';

/** The readers' words: everyday ones, the API's, the actions', the quantities' and other APIs' (each file's own list). */
export const readerWords: ReaderWording[] = [...everydayWords, ...apiWords, ...actionWords, ...quantityWords, ...providerWords];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for every wording, longest first, as whole words. */
function patternOf(words: ReaderWording[]): { pattern: RegExp; means: Map<string, string> } | undefined {
  const means = new Map<string, string>();
  for (const w of words) for (const say of w.say) means.set(say, w.means);
  if (means.size === 0) return undefined;
  const alternatives = [...means.keys()].sort((a, b) => b.length - a.length).map(escape);
  return { pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu'), means };
}

/** Each list's pattern, made once. */
const compiledFor = new WeakMap<ReaderWording[], ReturnType<typeof patternOf>>();

/** `query` with each reader's wording replaced by the site's words ("pays too little" -> "underpaid"). */
export function inSiteWords(query: string, words: ReaderWording[] = readerWords): string {
  if (!compiledFor.has(words)) compiledFor.set(words, patternOf(words));
  const compiled = compiledFor.get(words);
  if (!compiled) return query;
  return query.replace(compiled.pattern, (found) => compiled.means.get(found.toLowerCase()) ?? found);
}

/**
 * Words the docs use for one thing, a group a line, each pair the docs' own: the API's webhooks are the callbacks the
 * guides describe (/guides/webhooks), a crypto withdrawal in the help centre is a payout in the API (its
 * PayoutCreateRequest), a swap is a conversion (the Conversion object), and a one-time code is the `otp` field.
 */
const siteSynonyms: string[][] = [
  ['webhook', 'callback'],
  ['withdrawal', 'payout'],
  ['swap', 'conversion', 'convert'],
  ['one-time code', 'otp'],
];

/**
 * `text` and its variants with one word of a group replaced by each other word of that group ("webhook signature" ->
 * "callback signature"), all lowercase.
 */
export function withSynonyms(text: string): string[] {
  const lower = text.toLowerCase();
  const variants = new Set([lower]);
  for (const group of siteSynonyms) {
    for (const word of group) {
      if (!lower.includes(word)) continue;
      for (const other of group) if (other !== word) variants.add(lower.split(word).join(other));
    }
  }
  return [...variants];
}
