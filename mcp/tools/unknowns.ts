/** list_unknowns: the facts the docs mark as not documented yet (the site's unknowns report). */
import { z } from 'zod';
import { brand } from '../../src/brand';
import { inSiteWords, withSynonyms } from '../../src/search/glossary';
import { singular } from '../../src/search/terms';
import { unknownMarks, markAnswer, type Mark } from '../marks';
import { docsTool, json, READ_ONLY } from './tool';

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

/** A mark's topic, text and heading in lowercase and in their word forms, worked out once a mark (the site keeps them). */
const fieldsOf = new WeakMap<Mark, { lower: string[]; forms: string[] }>();

function fields(mark: Mark): { lower: string[]; forms: string[] } {
  let found = fieldsOf.get(mark);
  if (!found) {
    const texts = [mark.topic, mark.text, mark.heading];
    fieldsOf.set(mark, (found = { lower: texts.map((t) => t.toLowerCase()), forms: texts.map(wordForms) }));
  }
  return found;
}

/**
 * A topic as list_unknowns searches it: as given, in the site's words (the glossary's "2fa" is one-time codes), and each
 * with the docs' synonyms ("webhook" finds the marks written with "callback").
 */
function variantsOf(topic: string): string[] {
  return [...new Set([topic, inSiteWords(topic).toLowerCase()].flatMap(withSynonyms))];
}

export const listUnknowns = docsTool({
  name: 'list_unknowns',
  title: 'List what is not documented yet',
  description:
    "Lists the facts the docs mark as not documented yet (the site's unknowns report): topic, what is missing, and the page and heading " +
    'of the mark. When a question touches one of them, say that it is not documented yet and point to support instead of guessing. ' +
    'Give a topic or a word to narrow the list.',
  input: { topic: z.string().max(200).optional().describe('A topic (callback-signature) or a word found in the marks.') },
  annotations: READ_ONLY,
  handler: async ({ topic }, { site }) => {
    const marks = await unknownMarks(site);
    const wanted = topic?.trim().toLowerCase();
    const variants = wanted ? variantsOf(wanted) : [];
    // Word forms too: "rate limit" finds rate-limit-thresholds and "rate-limit thresholds".
    const wantedForms = variants.map(wordForms).filter((w) => w.trim() !== '');
    const found = marks.filter((u) => {
      if (!wanted) return true;
      const { lower, forms } = fields(u);
      return (
        variants.some((v) => u.topic === v || lower.some((s) => s.includes(v))) || forms.some((f) => wantedForms.some((w) => f.includes(w)))
      );
    });
    return json({
      ...(wanted ? { topic: wanted } : {}),
      ...(variants.length > 1 ? { alsoSearched: variants.slice(1) } : {}),
      count: found.length,
      ...(wanted && found.length === 0
        ? {
            note: `No mark matches "${wanted}": the docs do not mark it as unknown. Search the docs for it. The topics marked: ${[...new Set(marks.map((u) => u.topic))].join(', ')}.`,
          }
        : {}),
      support: brand.supportEmail,
      unknowns: found.map((u) => markAnswer(site, u)),
    });
  },
});
