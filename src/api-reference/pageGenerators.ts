/**
 * The API pages' Markdown generators. First, the OpenAPI document's marks for unknowns: `x-unknown` on `info`, on an
 * operation (paths and webhooks) or on a top-level schema, each entry
 * `{topic, text}`. The API pages render them with the site's one component for
 * unknowns (<Unknown>, src/components/Unknown), right after the description, so
 * the unknowns report finds them as it finds the marks of the guides. It wraps the
 * Markdown generators of docusaurus-plugin-openapi-docs 5.2 (`lib/markdown`,
 * a path the package does not export: tests/unit/vendor-pins.test.ts holds this
 * file to that version).
 *
 * The same generators end each operation and object page with its "Schemas"
 * section: the object pages it links to, and the named schemas the page shows
 * without a page of their own (src/api-reference/schemaPages.ts), each with the
 * first sentence of its description. Search, the Markdown twins and a reader's
 * Ctrl+F find every name of the document on the page that shows it.
 */
import * as generators from 'docusaurus-plugin-openapi-docs/lib/markdown';
import { isObject, openapiDocument } from '../openapi/document';
import { collapseWhitespace } from '../text';
import { operationPageUrl, schemaPageUrl } from './routes';
import { SCHEMA_PAGES, objectsUsedBy, schemaHomes, schemasShownOn } from './schemaPages';

type UnknownMark = { topic: string; text: string };

const TOPIC = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Reads and checks an object's `x-unknown` list; a malformed entry fails the build. */
function unknownMarks(owner: { 'x-unknown'?: unknown } | undefined, where: string): UnknownMark[] {
  const marks = owner?.['x-unknown'];
  if (marks === undefined) return [];
  if (!Array.isArray(marks)) throw new Error(`${where}: x-unknown must be a list`);
  return marks.map((mark, i) => {
    const { topic, text } = (mark ?? {}) as Partial<UnknownMark>;
    if (typeof topic !== 'string' || !TOPIC.test(topic)) throw new Error(`${where}: x-unknown[${i}].topic must be kebab-case`);
    if (typeof text !== 'string' || !text.trim()) throw new Error(`${where}: x-unknown[${i}].text is empty`);
    return { topic, text: text.trim() };
  });
}

/** MDX-safe text: the marks are plain sentences, so braces and angle brackets are escaped. */
const escapeMdx = (text: string) => text.replace(/[{}<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The plugin escapes Markdown descriptions (`<` becomes `&lt;`), so the marks go in
 * as a plain token after the description, which is replaced by the <Unknown> blocks
 * once the page is generated. A page without the token fails the build.
 */
const TOKEN = 'XUNKNOWNMARKSX';

function generateWithMarks<P>(
  generate: (page: P) => string,
  page: P,
  description: string | undefined,
  marks: UnknownMark[],
  withDescription: (page: P, description: string) => P,
  where: string,
): string {
  if (marks.length === 0) return generate(page);
  const mdx = generate(withDescription(page, `${description ?? ''}\n\n${TOKEN}\n`));
  if (mdx.split(TOKEN).length !== 2) throw new Error(`${where}: x-unknown could not be placed after the description`);
  return mdx.replace(TOKEN, marks.map((m) => `<Unknown topic="${m.topic}">${escapeMdx(m.text)}</Unknown>`).join('\n\n'));
}

type ApiPage = Parameters<typeof generators.createApiPageMD>[0];
type InfoPage = Parameters<typeof generators.createInfoPageMD>[0];
type SchemaPage = Parameters<typeof generators.createSchemaPageMD>[0];

/** The heading id of the "Schemas" section. */
const SCHEMAS_SECTION_ID = 'schemas';

/** The first sentence of a schema's description, as MDX-safe Markdown; empty when it has none. */
function summaryOf(name: string): string {
  const components = openapiDocument().components;
  const schema = isObject(components) && isObject(components.schemas) ? components.schemas[name] : undefined;
  const description = isObject(schema) && typeof schema.description === 'string' ? collapseWhitespace(schema.description) : '';
  return escapeMdx(/^.*?[.!?](?=\s|$)/.exec(description)?.[0] ?? description);
}

/** The "Schemas" section of the page at `route`: the objects it links to, then the schemas it shows. */
function schemasSection(route: string, objects: readonly string[]): string {
  const shown = schemasShownOn(route, schemaHomes(openapiDocument()));
  if (objects.length === 0 && shown.length === 0) return '';
  const item = (label: string, name: string) => {
    const summary = summaryOf(name);
    return `- ${label}${summary ? `: ${summary}` : ''}`;
  };
  return [
    '',
    '',
    `## Schemas {#${SCHEMAS_SECTION_ID}}`,
    '',
    ...objects.map((name) => item(`[${name}](${schemaPageUrl(name)})`, name)),
    ...shown.map((name) => item(`\`${name}\``, name)),
    '',
  ].join('\n');
}

/** The plugin's own generators, with the marks placed after each page's description and the "Schemas" section at the end. */
export const markdownGenerators = {
  createApiPageMD(page: ApiPage): string {
    const api = page.api as ApiPage['api'] & { 'x-unknown'?: unknown; operationId?: string };
    const where = `operation ${api.operationId ?? page.title}`;
    const route = api.operationId ? operationPageUrl(api.operationId) : '';
    return (
      generateWithMarks(
        generators.createApiPageMD,
        page,
        api.description,
        unknownMarks(api, where),
        (p, d) => ({ ...p, api: { ...p.api, description: d } }),
        where,
      ) + (route ? schemasSection(route, objectsUsedBy(route, openapiDocument())) : '')
    );
  },
  createInfoPageMD(page: InfoPage): string {
    const info = page.info as InfoPage['info'] & { 'x-unknown'?: unknown };
    // The description's own "Authentication" section names the three schemes in the specification's words; the
    // plugin's section would add a second h2 "Authentication" and a table naming the session cookie, whose name is
    // not documented (the session-token-name mark). Operation pages keep the schemes.
    return generateWithMarks(
      generators.createInfoPageMD,
      { ...page, securitySchemes: undefined },
      info.description,
      unknownMarks(info, 'info'),
      (p, d) => ({ ...p, info: { ...p.info, description: d } }),
      'info',
    );
  },
  createSchemaPageMD(page: SchemaPage): string {
    const schema = page.schema as SchemaPage['schema'] & { 'x-unknown'?: unknown };
    const where = `schema ${schema.title ?? ''}`;
    const name = (SCHEMA_PAGES as readonly string[]).includes(String(schema.title)) ? String(schema.title) : undefined;
    return (
      generateWithMarks(
        generators.createSchemaPageMD,
        page,
        schema.description,
        unknownMarks(schema, where),
        (p, d) => ({ ...p, schema: { ...p.schema, description: d } }),
        where,
      ) + (name ? schemasSection(schemaPageUrl(name), objectsUsedBy(schemaPageUrl(name), openapiDocument())) : '')
    );
  },
};
