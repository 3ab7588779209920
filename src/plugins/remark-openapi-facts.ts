/**
 * Remark plugin: gives the OpenAPI components in MDX their facts at build time.
 *
 * An MDX page writes `<SchemaFields name="Charge" />`; this plugin reads the
 * named schema, enum or operation from openapi/v2.0.yaml and adds a `facts`
 * prop holding just what that component shows. The document is never shipped
 * to the browser, and a name that the document lacks fails the build.
 */
import { parse as parseJs } from 'acorn';
import { brand } from '../brand';
import { enumFacts, operationFacts, schemaExample, schemaFields } from '../openapi/documentFacts';
import { openapiDocument } from '../openapi/document';
import { requestSamples } from '../openapi/samples';

/** The site's OpenAPI document (openapi/v2.0.yaml), which every fact here is read from. */
const siteDoc = openapiDocument();

type Attribute = { type: string; name?: string; value?: unknown };
type Node = { type: string; name?: string | null; attributes?: Attribute[]; children?: Node[] };

const lookups: Record<string, (attrs: Record<string, string>) => unknown> = {
  SchemaFields: (a) => schemaFields(need(a, 'name'), a.depth ? Number(a.depth) : undefined, siteDoc),
  EnumValues: (a) => enumFacts(need(a, 'name'), siteDoc),
  Operation: (a) => operationFacts(need(a, 'id'), undefined, siteDoc),
  RequestSample: (a) => requestSamples(operationFacts(need(a, 'id'), a.example, siteDoc), brand.sandboxApiUrl),
  ResponseExample: (a) => operationFacts(need(a, 'id'), undefined, siteDoc).responseExample,
  RequestExample: (a) => operationFacts(need(a, 'id'), a.example, siteDoc).requestExample,
  SchemaExample: (a) => schemaExample(need(a, 'name'), siteDoc),
};

function need(attrs: Record<string, string>, key: string): string {
  const value = attrs[key];
  if (!value) throw new Error(`remark-openapi-facts: missing the "${key}" attribute`);
  return value;
}

function factsAttribute(facts: unknown): Attribute {
  const source = JSON.stringify(facts ?? null);
  const program = parseJs(`(${source})`, { ecmaVersion: 'latest', sourceType: 'module' });
  return {
    type: 'mdxJsxAttribute',
    name: 'facts',
    value: { type: 'mdxJsxAttributeValueExpression', value: source, data: { estree: program } },
  };
}

function visit(node: Node, file: { path?: string }): void {
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && node.name in lookups) {
    const attrs: Record<string, string> = {};
    for (const attr of node.attributes ?? []) {
      if (attr.type === 'mdxJsxAttribute' && attr.name) attrs[attr.name] = typeof attr.value === 'string' ? attr.value : 'true';
    }
    try {
      const facts = lookups[node.name](attrs);
      node.attributes = [...(node.attributes ?? []).filter((a) => a.name !== 'facts'), factsAttribute(facts)];
    } catch (error) {
      throw new Error(`${file.path ?? 'MDX'}: <${node.name}>: ${(error as Error).message}`);
    }
  }
  for (const child of node.children ?? []) visit(child, file);
}

export default function remarkOpenapiFacts() {
  return (tree: Node, file: { path?: string }) => visit(tree, file);
}
