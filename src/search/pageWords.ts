/**
 * Which of the site's pages hold each word: the engine reads a question's words by the share of pages that
 * hold them (src/search/question.ts: a word most pages hold tells pages apart less). Worked out from the
 * index records, in the browser on the first question, or ahead of time into the engine's state at the edge.
 */
import { tokenize } from './words';

/** The number of pages, and for each word (lowercase) the pages that hold it, by their number. */
export type PageWords = { pages: number; words: Record<string, number[]> };

type Entry = { url: string; hierarchy: string[]; content?: string };

/** Each entry's page (its URL without the anchor), by number, in the order the pages first appear. */
export function pageNumbersOf(entries: Array<{ url: string }>): number[] {
  const numbers = new Map<string, number>();
  return entries.map((entry) => {
    const page = entry.url.split('#')[0];
    let n = numbers.get(page);
    if (n === undefined) numbers.set(page, (n = numbers.size));
    return n;
  });
}

export function pageWordsOf(entries: Entry[], pageOf: number[] = pageNumbersOf(entries)): PageWords {
  const words = new Map<string, number[]>();
  for (const [i, entry] of entries.entries()) {
    const n = pageOf[i];
    for (const w of tokenize([...entry.hierarchy, entry.content ?? ''].join(' '))) {
      const word = w.toLowerCase();
      let pages = words.get(word);
      if (!pages) words.set(word, (pages = []));
      if (pages.at(-1) !== n) pages.push(n);
    }
  }
  return { pages: pageOf.reduce((count, n) => Math.max(count, n + 1), 0), words: Object.fromEntries(words) };
}

/**
 * The share of the site's pages that hold a word, a word and its plural or singular counting as one
 * (requests is as common as request); `pageWords` is read on the first call, and each word's share kept.
 */
export function pageShareOf(pageWords: () => PageWords): (word: string) => number {
  const shares = new Map<string, number>();
  let read: PageWords | undefined;
  return (word) => {
    let share = shares.get(word);
    if (share !== undefined) return share;
    read ??= pageWords();
    const pages = new Set<number>();
    for (const form of new Set([word, `${word}s`, word.replace(/(?<=...)s$/, '')]))
      for (const page of Object.hasOwn(read.words, form) ? read.words[form] : []) pages.add(page);
    shares.set(word, (share = pages.size / Math.max(1, read.pages)));
    return share;
  };
}
