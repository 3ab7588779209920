/**
 * What is not documented yet about an answer of read_page or get_schema: the page's marks from the unknowns
 * report that the text does not already show, and the objects it names that no call of the document uses.
 */
import { brand } from '../src/brand';
import { schemaPageUrl } from '../src/api-reference/routes';
import type { JsonObject } from '../src/openapi/documentTree';
import { unknownMarks, type Mark } from './marks';
import { callsBySchema, schemasOf, OPENAPI_URL_PATH } from './openapi';
import type { Site } from './site';

/** The unknowns report's marks, or undefined when the site does not publish it (the answers then carry the document's own). */
export const marksOf = (site: Site): Promise<Mark[] | undefined> => unknownMarks(site).catch(() => undefined);

/**
 * The objects (component schemas) that `shown` names, in code (`FiatWithdrawal`) or by a link to their
 * page, and that no call or webhook of the document uses: how to call the API for them is not documented.
 */
export function objectsWithoutCalls(doc: JsonObject, shown: string, route: string): string[] {
  const schemas = schemasOf(doc);
  const byPage = new Map(Object.keys(schemas).map((name) => [schemaPageUrl(name), name]));
  const named = new Set<string>();
  // In code, a schema's name as the document spells it (`session` is a cookie, not the Session object).
  for (const m of shown.matchAll(/`([A-Za-z][A-Za-z0-9]*)`/g)) if (Object.hasOwn(schemas, m[1])) named.add(m[1]);
  for (const m of shown.matchAll(/\/api\/schemas\/[a-z0-9]+/g)) if (byPage.has(m[0])) named.add(byPage.get(m[0])!);
  if (byPage.has(route)) named.add(byPage.get(route)!);
  const calls = callsBySchema(doc);
  return [...named].filter((name) => !calls.has(name));
}

/**
 * What is not documented yet about the text returned, as a Markdown block after it: the page's marks that the
 * text does not already show, and the objects it names that no call uses.
 */
export function notDocumentedBlock(site: Site, marks: Mark[], shown: string, objects: string[]): string | undefined {
  // The page writes a mark with its code and emphasis (a mass payout `id`); the report, as plain text.
  const plain = (text: string) => text.replace(/[`*_\\]/g, '').replace(/\s+/g, ' ');
  const missing = marks.filter((m) => !plain(shown).includes(plain(m.text)));
  if (missing.length === 0 && objects.length === 0) return undefined;
  return [
    ...(missing.length
      ? [
          `Not documented yet on this page, outside the text above (the site's unknowns report, ${site.urlOf('/unknowns.json')}):`,
          '',
          ...missing.map((m) => `- ${m.text} (${m.topic}${m.heading ? `, under "${m.heading}"` : ''})`),
          '',
        ]
      : []),
    ...(objects.length
      ? [
          `Objects named here that no call or webhook of the OpenAPI document (${site.urlOf(OPENAPI_URL_PATH)}) takes or returns, so the API calls for them are not documented: ${objects.map((o) => `\`${o}\``).join(', ')}.`,
          '',
        ]
      : []),
    `Say that these are not documented yet, and point to ${brand.supportEmail}, instead of guessing.`,
  ].join('\n');
}
