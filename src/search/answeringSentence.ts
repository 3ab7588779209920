/**
 * The sentence of a hit's text that answers the query: the hit's `text` in the modal, on /search and in the
 * MCP server's search_docs.
 */
import { partsOf, wordsOf } from './words';

/** The sentences of a text block: split after . ! ? or : followed by a space. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?:])\s+(?=\S)/u).filter(Boolean);
}

/** A sentence that leads in to what follows: it ends with a colon, or is a table's caption ("Fields of X"). */
export const isLeadIn = (sentence: string) => sentence.endsWith(':') || /^Fields of /.test(sentence);

/**
 * The sentence of `texts` (in page order) that holds the most of the query's terms (`answers`), with the
 * sentence after it when it is a lead-in (ends with a colon); ties go to the first. Undefined when no
 * sentence holds a term.
 */
export function answeringSentence(texts: string[], holds: (word: string) => boolean, heading = ''): string | undefined {
  // A sentence that only says the heading again (a table's caption under a heading of the same words) answers nothing.
  const same = (a: string, b: string) => a.trim().replace(/[.:]$/, '').toLowerCase() === b.trim().toLowerCase();
  const all = texts.flatMap(sentencesOf);
  const sentences = all.filter((sentence) => !same(sentence, heading));
  if (sentences.length === 0 && all.length > 0) return all[0];
  if (sentences.length === 0) return undefined;
  let best: { at: number; n: number } | undefined;
  sentences.forEach((sentence, at) => {
    const words = wordsOf(sentence).flatMap((w) => [w, ...partsOf(w, true)]);
    const found = new Set(words.map((w) => w.toLowerCase()).filter(holds));
    // A lead-in ("Authenticate with one of these schemes:", "Fields of X") counts a little less.
    const n = found.size - (isLeadIn(sentence) ? 0.5 : 0);
    if (found.size > 0 && (!best || n > best.n)) best = { at, n };
  });
  // No sentence holds a word of the query (the heading did): the first sentence under the heading.
  const at = best?.at ?? 0;
  // A lead-in is shown with what it leads to (the first items of its list or table), up to about 160 characters.
  let text = sentences[at];
  for (let next = at + 1; isLeadIn(sentences[at]) && next < sentences.length && text.length < 160; next++) text += ` ${sentences[next]}`;
  return text;
}
