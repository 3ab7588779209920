/**
 * The OpenAPI document's marks for unknowns: `x-unknown` on `info`, on an
 * operation (paths and webhooks) or on a top-level schema, each entry
 * `{topic, text}`. The API pages render them with the site's one component for
 * unknowns (<Unknown>, src/components/Unknown), right after the description, so
 * the gap report finds them as it finds the marks of the guides. It wraps the
 * Markdown generators of docusaurus-plugin-openapi-docs 5.2 (`lib/markdown`,
 * a path the package does not export: tests/unit/vendor-pins.test.ts holds this
 * file to that version).
 */
import * as generators from 'docusaurus-plugin-openapi-docs/lib/markdown';

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

/** The plugin's own generators, with the marks placed after each page's description. */
export const markdownGenerators = {
  createApiPageMD(page: ApiPage): string {
    const api = page.api as ApiPage['api'] & { 'x-unknown'?: unknown; operationId?: string };
    const where = `operation ${api.operationId ?? page.title}`;
    return generateWithMarks(
      generators.createApiPageMD,
      page,
      api.description,
      unknownMarks(api, where),
      (p, d) => ({ ...p, api: { ...p.api, description: d } }),
      where,
    );
  },
  createInfoPageMD(page: InfoPage): string {
    const info = page.info as InfoPage['info'] & { 'x-unknown'?: unknown };
    return generateWithMarks(
      generators.createInfoPageMD,
      page,
      info.description,
      unknownMarks(info, 'info'),
      (p, d) => ({ ...p, info: { ...p.info, description: d } }),
      'info',
    );
  },
  createSchemaPageMD(page: SchemaPage): string {
    const schema = page.schema as SchemaPage['schema'] & { 'x-unknown'?: unknown };
    const where = `schema ${schema.title ?? ''}`;
    return generateWithMarks(
      generators.createSchemaPageMD,
      page,
      schema.description,
      unknownMarks(schema, where),
      (p, d) => ({ ...p, schema: { ...p.schema, description: d } }),
      where,
    );
  },
};
