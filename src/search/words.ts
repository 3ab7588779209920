/**
 * A text's words as the search reads them: split on anything but letters, digits and the joiners of
 * identifiers (`_ - . :`), each identifier also in its parts. The engine and the answering sentence share it.
 */

// A word with no joiner and no lower-to-upper case change has no parts: most words, which then make no arrays (the
// search reads every word of its hits).
const JOINERS = /[_\-.:]+/;
const CAMEL = /\p{Ll}\p{Lu}/u;

/** Splits a word into its parts: `insufficient_balance` into insufficient, balance; `FiatPrice` into Fiat, Price. */
export function partsOf(word: string, camel: boolean): string[] {
  if (!JOINERS.test(word) && !(camel && CAMEL.test(word))) return [];
  const parts = word.split(JOINERS).filter(Boolean);
  const split = camel ? parts.flatMap((p) => p.split(/(?<=\p{Ll})(?=\p{Lu})/u)) : parts;
  return split.length > 1 ? split : [];
}

export function wordsOf(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}_\-.:]+/u)
    .map((raw) => raw.replace(/^[-.:_]+|[-.:_]+$/g, ''))
    .filter(Boolean);
}

/**
 * Words and identifiers, each whole and then its parts: `insufficient_balance` gives itself and
 * `insufficient`, `balance`; `FiatPrice` gives itself and `Fiat`, `Price`, except in a record's title
 * (a schema page titled `ConversionStatus` is not titled "conversion status").
 */
export function tokenize(text: string, field?: string): string[] {
  return wordsOf(text).flatMap((word) => [word, ...partsOf(word, field !== 'title')]);
}
