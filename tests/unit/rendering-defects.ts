/**
 * What tests/unit/rendering.test.ts looks for on a built page: each defect a
 * reader would see, as a function of one parsed page (cheerio) or of the
 * OpenAPI document, so that the tests read as a list and each has its test of
 * the test.
 */
import type * as cheerio from 'cheerio';
import { deref, doc } from '../openapi';
import type { DocumentNode } from '../../src/openapi/document';
import { isObject } from '../../src/openapi/documentTree';

/** Field tables whose body has no row. */
export function emptyTables($: cheerio.CheerioAPI): string[] {
  return $('article table')
    .filter((_, table) => $(table).find('tbody tr').length === 0)
    .map((_, table) => $(table).find('caption').text().trim() || 'a table')
    .get();
}

/**
 * Constraint text after a full stop that does not start a sentence of its own: `skip. at least 0`,
 * `100. 1 to 100`, `again.at least 8 characters`, `· default`.
 */
const RUN_ON = /\.[ \u00a0]*(?:at (?:least|most) \d|default `|pattern `|· )|\.[ \u00a0]+\d+ to \d+\b/;
export function runOns(text: string): string[] {
  return [...text.matchAll(new RegExp(RUN_ON, 'g'))].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 30));
}

/** The article's text nodes joined by spaces, as a reader of the page sees them set apart. */
export function spacedText($: cheerio.CheerioAPI): string {
  const parts: string[] = [];
  $('article')
    .find('*')
    .contents()
    .each((_, node) => {
      if (node.type === 'text') parts.push(node.data);
    });
  return parts.join(' ').replace(/[ \t]+/g, ' ');
}

/** Headings h2 and h3 that a page has more than once (an endpoint's URL in a <pre> is not a heading of the page). */
export function repeatedHeadings($: cheerio.CheerioAPI): string[] {
  const texts = $('article')
    .find('h2, h3')
    .not('pre h2, pre h3')
    .map((_, h) => {
      const heading = $(h).clone();
      heading.find('.hash-link').remove();
      return heading
        .text()
        .replace(/[\s\u200b]+/g, ' ')
        .trim();
    })
    .get();
  return [...new Set(texts.filter((t, i) => texts.indexOf(t) !== i))];
}

/** The theme's tab of a body made up from a schema, by its label. */
export const autoExampleTabs = ($: cheerio.CheerioAPI) =>
  $('[role="tab"]').filter((_, tab) => $(tab).text().trim() === 'Example (auto)').length;

/** Names of the document's properties that are a nullable enum (`anyOf: [enum, null]`), with where each is declared. */
export function nullableEnumProperties(): Set<string> {
  const found = new Set<string>();
  const isNull = (s: DocumentNode) => s?.type === 'null';
  const isEnum = (s: DocumentNode) => Array.isArray((s?.$ref ? deref(s) : s)?.enum);
  const walk = (node: DocumentNode): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [name, schema] of Object.entries<DocumentNode>(isObject(node.properties) ? node.properties : {})) {
        const variants = schema?.anyOf ?? schema?.oneOf;
        if (Array.isArray(variants) && variants.some(isNull) && variants.some(isEnum)) found.add(name);
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
  return found;
}

/** Properties of the schema viewer whose type reads `object`, among the names given, as "name: type". */
export function objectTyped($: cheerio.CheerioAPI, names: Set<string>): string[] {
  return $('summary .openapi-schema__container')
    .filter((_, el) => names.has($(el).find('.openapi-schema__property').first().text().trim()))
    .map(
      (_, el) => `${$(el).find('.openapi-schema__property').first().text().trim()}: ${$(el).find('.openapi-schema__name').text().trim()}`,
    )
    .get()
    .filter((label) => /: object\b/.test(label));
}

/** The description cells of a page's field tables (<SchemaFields>): "empty" for a cell with nothing, "marked" for the no-description mark. */
export function descriptionCells($: cheerio.CheerioAPI): Array<'text' | 'marked' | 'empty'> {
  return $('table[data-schema] tbody tr')
    .map((_, row) => {
      const cell = $(row).find('td').last();
      if (cell.find('[data-no-description]').length > 0)
        return cell.text().trim() === cell.find('[data-no-description]').text().trim() ? 'marked' : 'empty';
      return cell.text().trim() ? 'text' : 'empty';
    })
    .get();
}

/** Sentences said twice within one h2 section of a page's prose (paragraphs and list items; marks and field tables aside). */
export function repeatedSentences($: cheerio.CheerioAPI): string[] {
  const article = $('article').first().clone();
  article.find('pre, table, aside[data-unknown-topic], .hash-link').remove();
  const repeats: string[] = [];
  let seen = new Set<string>();
  article.find('h2, p, li').each((_, el) => {
    if (el.tagName === 'h2') {
      seen = new Set();
      return;
    }
    if ($(el).find('p, li').length > 0) return;
    const sentences = $(el)
      .text()
      .replace(/\s+/g, ' ')
      .trim()
      .split(/(?<=[.!?])\s+(?=[A-Z])/);
    for (const sentence of sentences.filter((s) => s.length >= 25)) {
      if (seen.has(sentence)) repeats.push(sentence);
      seen.add(sentence);
    }
  });
  return repeats;
}

/**
 * "sandbox" names two things: the provider's sandbox environment and the local sandbox (the mock of the API that runs
 * from a clone). In a section of a Markdown twin that speaks of the local one, each "the sandbox" of its prose (code
 * aside; a label such as "Sandbox:" or the command `npm run local-sandbox` has no article), with the words around it: a
 * reader could take it for the provider's.
 */
export function unqualifiedSandbox(markdown: string): string[] {
  const prose = markdown.replace(/^(`{3,}|~{3,})[\s\S]*?^\1\s*$/gm, ' ').replace(/`[^`\n]*`/g, ' ');
  return prose
    .split(/^#{1,6} /m)
    .filter((section) => /\blocal sandbox\b/i.test(section))
    .flatMap((section) =>
      [...section.matchAll(/\bthe sandbox\b/gi)].map((m) => section.slice(Math.max(0, m.index - 20), m.index + 30).replace(/\s+/g, ' ')),
    );
}
