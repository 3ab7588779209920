/**
 * Words this API's docs use for the same thing, each group in one line: a
 * reader who asks with one finds the marks written with another. Each pair is
 * the docs' own: the API's webhooks are the callbacks the guides describe
 * (/guides/webhooks), a crypto withdrawal in the help centre is a payout in the
 * API (its PayoutCreateRequest), a swap is a conversion (the Conversion object),
 * and a one-time code is the `otp` field.
 */
import { singular } from '../src/search/terms';

const GROUPS: string[][] = [
  ['webhook', 'callback'],
  ['withdrawal', 'payout'],
  ['swap', 'conversion', 'convert'],
  ['one-time code', 'otp'],
];

/**
 * `text` and its variants with one word of a group replaced by each other word
 * of that group ("webhook signature" -> "callback signature"), all lowercase.
 */
export function withSynonyms(text: string): string[] {
  const lower = text.toLowerCase();
  const variants = new Set([lower]);
  for (const group of GROUPS) {
    for (const word of group) {
      if (!lower.includes(word)) continue;
      for (const other of group) if (other !== word) variants.add(lower.split(word).join(other));
    }
  }
  return [...variants];
}

/**
 * A text's words in one form: lowercase, singular, hyphens, underscores and other marks as spaces
 * ("Rate-Limits" and "rate limit" both give "rate limit"), with a space at each end so that a
 * phrase is found as whole words.
 */
function wordForms(text: string): string {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(singular);
  return ` ${words.join(' ')} `;
}

/** Whether `field` holds `wanted` (a topic or words) in any of its word forms and synonyms. */
export function holdsWords(field: string, variants: string[]): boolean {
  const forms = wordForms(field);
  return variants.some((v) => {
    const wanted = wordForms(v);
    return wanted.trim() !== '' && forms.includes(wanted);
  });
}
