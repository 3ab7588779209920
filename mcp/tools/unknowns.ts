/** list_unknowns: the facts the docs mark as not documented yet (the site's unknowns report). */
import { z } from 'zod';
import { brand } from '../../src/brand';
import { unknownMarks, markAnswer } from '../marks';
import { holdsWords, withSynonyms } from '../synonyms';
import { docsTool, json, READ_ONLY } from './tool';

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
    // "webhook" finds the marks written with "callback" (mcp/synonyms.ts).
    const variants = wanted ? withSynonyms(wanted) : [];
    // Word forms too: "rate limit" finds rate-limit-thresholds and "rate-limit thresholds" (mcp/synonyms.ts).
    const found = marks.filter(
      (u) =>
        !wanted ||
        variants.some((v) => u.topic === v || [u.topic, u.text, u.heading].some((s) => s.toLowerCase().includes(v))) ||
        [u.topic, u.text, u.heading].some((s) => holdsWords(s, variants)),
    );
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
