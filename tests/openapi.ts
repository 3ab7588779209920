/**
 * The OpenAPI document for tests that call the API's mock (the sandbox) or
 * check what the product says about the document (the MCP server, the request
 * samples): its calls, their documented requests and answers, and a validator of
 * values against its schemas (src/openapi/schemas.ts, whose own test of the test
 * is in tests/unit/openapi-document-answers.test.ts). The tests read openapi/v2.0.yaml
 * here, with the `yaml` package and the small `$ref` resolver below, not through
 * the product's reader (src/openapi/document.ts) that they check: expected values
 * (requests, statuses, schemas) come from the document, never from the module
 * under test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { DocumentNode } from '../src/openapi/document';
import { fillPath } from '../src/openapi/samples';
import { schemaValidator } from '../src/openapi/schemas';

export const doc: DocumentNode = parse(fs.readFileSync(path.resolve(__dirname, '../openapi/v2.0.yaml'), 'utf8'));

/** Follows local `$ref`s ("#/components/...") to the node they point at. */
export function deref(node: DocumentNode): DocumentNode {
  let current = node;
  for (let hops = 0; typeof current?.$ref === 'string'; hops += 1) {
    const ref: string = current.$ref;
    if (hops === 20 || !ref.startsWith('#/')) throw new Error(`tests/openapi.ts follows local $refs without loops, got ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .reduce((at: DocumentNode, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return current;
}

export interface DocumentedCall {
  readonly operationId: string;
  readonly method: string;
  /** The path template, relative to the server URL. */
  readonly path: string;
  readonly op: DocumentNode;
  /** Path-level parameters and the operation's own, resolved. */
  readonly parameters: DocumentNode[];
  /** False for the calls with `security: []`. */
  readonly authenticated: boolean;
}

/** The methods a path item may hold (OpenAPI 3.1). */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every call under `paths` (webhooks are sent by the API, not to it), in the document's order. */
export const calls: readonly DocumentedCall[] = Object.entries<DocumentNode>(doc.paths).flatMap(([template, item]) =>
  METHODS.filter((method) => item[method] !== undefined).map((method) => {
    const op = item[method];
    return {
      operationId: op.operationId,
      method,
      path: template,
      op,
      parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref),
      authenticated: !(Array.isArray(op.security) && op.security.length === 0),
    };
  }),
);

export function call(operationId: string): DocumentedCall {
  const found = calls.find((c) => c.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the document`);
  return found;
}

/** The JSON request examples of a call, by name (`example` is named "example"). */
export function requestExamples(c: DocumentedCall): Array<[name: string, value: DocumentNode]> {
  const json = deref(c.op.requestBody)?.content?.['application/json'];
  if (!json) return [];
  if (json.example !== undefined) return [['example', json.example]];
  return Object.entries<DocumentNode>(json.examples ?? {}).map(([name, example]) => [name, deref(example).value]);
}

/** The JSON media type of a response of a call, e.g. `'200'`. */
export function responseOf(c: DocumentedCall, status: string): { schema: DocumentNode; example: DocumentNode } {
  const json = deref(c.op.responses?.[status])?.content?.['application/json'];
  if (!json) throw new Error(`${c.operationId} documents no JSON ${status}`);
  return { schema: json.schema, example: json.example };
}

/** The path with each `{parameter}` replaced by its example, and the query of every parameter example. */
export function documentedUrl(c: DocumentedCall): string {
  const url = fillPath(c.path, c.parameters, (parameter) => {
    if (parameter.example === undefined) throw new Error(`${c.operationId}: path parameter ${parameter.name} has no example`);
    return parameter.example;
  });
  const query = new URLSearchParams();
  for (const parameter of c.parameters.filter((p) => p.in === 'query')) {
    if (parameter.example !== undefined) query.set(parameter.name, String(parameter.example));
    else if (parameter.required) throw new Error(`${c.operationId}: required query parameter ${parameter.name} has no example`);
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

const validator = schemaValidator(doc);

/** Validates a value against a schema of the document: the error text, or null when valid. */
export const schemaErrors = (schema: DocumentNode, value: unknown): string | null => validator.errorsText(schema, value);

/** The names of the document's component schemas. */
export function documentSchemas(): string[] {
  return Object.keys(doc.components.schemas);
}

/** The component schemas a node names with `$ref`, directly or through other schemas. */
function schemaRefsIn(node: DocumentNode, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) schemaRefsIn(item, into);
  else if (node && typeof node === 'object') {
    const ref = typeof node.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1] : undefined;
    if (ref && !into.has(ref)) {
      into.add(ref);
      schemaRefsIn(doc.components.schemas[ref], into);
    }
    for (const value of Object.values(node)) schemaRefsIn(value, into);
  }
  return into;
}

/** `createCharge` -> `/api/create-charge`: the route docusaurus-plugin-openapi-docs gives an operation's page. */
export const operationPage = (operationId: string): string => `/api/${operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;

/** Each call and webhook: the route of its page (`createCharge` -> /api/create-charge) and every schema it uses. */
export function operationSchemaRefs(): Array<{ pageUrl: string; schemas: string[] }> {
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  return [...Object.values<DocumentNode>(doc.paths), ...Object.values<DocumentNode>(doc.webhooks ?? {})].flatMap((item) =>
    methods
      .filter((method) => item[method])
      .map((method) => ({
        pageUrl: operationPage(String(item[method].operationId)),
        schemas: [...schemaRefsIn([item.parameters ?? [], item[method]])],
      })),
  );
}
