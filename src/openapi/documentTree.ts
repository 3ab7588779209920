/**
 * The pure part of the site's reader of the OpenAPI document (src/openapi/document.ts):
 * parsing a document's text, following its `$ref`s and walking its operations,
 * for a document given. No file system: the MCP endpoint at the edge
 * (mcp/edge.ts, in workerd) reads the document through this module, from the
 * deployment's own `/v2.0.yaml`; src/openapi/document.ts adds the repository's
 * file and re-exports all of it.
 */
import { parse } from 'yaml';

/** A value of the parsed document. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json };

/**
 * A node of the document walked without narrowing, by code where a wrong path
 * fails at once (the sandbox and the tests): `doc.paths['/charges'].post`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loose view of the document, for walks checked at run time
export type DocumentNode = any;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document's file name: in openapi/ here, and at the site's root when published (`/v2.0.yaml`). */
export const OPENAPI_FILE = 'v2.0.yaml';

/**
 * The same document as JSON, which the site publishes beside it (`/v2.0.json`, src/plugins/openapi-json.ts):
 * the MCP server reads it first, as JSON parses in a hundredth of YAML's time (5 ms against 500 ms here).
 */
export const OPENAPI_JSON_FILE = OPENAPI_FILE.replace(/\.yaml$/, '.json');

/**
 * A document from its YAML text, or its JSON text when `source` ends in `.json`; `source` names it in
 * errors. Every `$ref` must be local (`#/...`): nothing that reads the document ever fetches another
 * file or host for it.
 */
export function parseOpenapiDocument(text: string, source: string): JsonObject {
  const parsed: unknown = source.endsWith('.json') ? JSON.parse(text) : parse(text);
  if (!isObject(parsed) || typeof parsed.openapi !== 'string') throw new Error(`openapi: ${source} is not an OpenAPI document`);
  const check = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(check);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string' && !node.$ref.startsWith('#/')) throw new Error(`openapi: ${source} has a $ref outside itself: ${node.$ref}`);
      Object.values(node).forEach(check);
    }
  };
  check(parsed);
  return parsed;
}

/** The node a local JSON pointer (`#/components/schemas/Charge`) names; throws when it names nothing. */
function pointer(doc: JsonObject, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`openapi: only local $refs are expected, got ${ref}`);
  let node: Json | undefined = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    if (node === undefined) throw new Error(`openapi: unresolved $ref ${ref}`);
  }
  return node;
}

/** The node a `$ref` points at, following chains of `$ref`s; any other node as it is. */
export function resolveRef<T = Json>(doc: JsonObject, node: T): T {
  let current: unknown = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth += 1) {
    if (depth >= 20) throw new Error(`openapi: $ref loop at ${current.$ref}`);
    current = pointer(doc, current.$ref);
  }
  return current as T;
}

/**
 * A copy of `node` with every `$ref` inside it replaced by what it points at,
 * the referring node's own keys (a description beside the `$ref`) kept over the
 * target's. A component schema brought in says its name in `x-schema`. A schema
 * that contains itself (an error's nested `errors`) is expanded once: the inner
 * occurrence becomes `{x-schema, x-recursive: true}`, so no `$ref` is left.
 */
export function resolveDeep(doc: JsonObject, node: Json, expanding: readonly string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => resolveDeep(doc, item, expanding));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const { $ref: ref, ...own } = node;
    const name = schemaRefName(node);
    if (expanding.includes(ref)) return { ...(name ? { 'x-schema': name } : {}), 'x-recursive': true, ...resolveOwn(doc, own, expanding) };
    const target = resolveDeep(doc, pointer(doc, ref), [...expanding, ref]);
    const base = isObject(target) ? target : { value: target };
    return { ...(name && base['x-schema'] === undefined ? { 'x-schema': name } : {}), ...base, ...resolveOwn(doc, own, expanding) };
  }
  return resolveOwn(doc, node, expanding);
}

function resolveOwn(doc: JsonObject, node: JsonObject, expanding: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolveDeep(doc, value, expanding)]));
}

/** The name of a component schema a `$ref` points at (`#/components/schemas/Charge` -> `Charge`), else undefined. */
export function schemaRefName(node: Json | undefined): string | undefined {
  const prefix = '#/components/schemas/';
  return isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith(prefix) ? node.$ref.slice(prefix.length) : undefined;
}

/** The HTTP methods a path item can hold (OpenAPI 3.1), in the specification's order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

/** One call under `paths`, or one webhook under `webhooks`. */
export type OperationEntry = {
  operationId: string;
  method: HttpMethod;
  /** The path template of a call (`/charges/{id}`), or the name of a webhook. */
  path: string;
  webhook: boolean;
  /** The operation object as the document writes it. */
  operation: JsonObject;
  /** The path item's parameters, then the operation's own, each `$ref` resolved. */
  parameters: JsonObject[];
  /** False for operations with `security: []`. */
  authenticated: boolean;
};

const walked = new WeakMap<JsonObject, OperationEntry[]>();

/** Every operation of the document, calls first then webhooks, in document order. */
export function operations(doc: JsonObject): OperationEntry[] {
  let list = walked.get(doc);
  if (list) return list;
  list = [];
  for (const [group, webhook] of [
    ['paths', false],
    ['webhooks', true],
  ] as const) {
    const items = doc[group];
    if (!isObject(items)) continue;
    for (const [p, item] of Object.entries(items)) {
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        if (typeof operation.operationId !== 'string') throw new Error(`openapi: ${method.toUpperCase()} ${p} has no operationId`);
        const parameters = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(operation.parameters) ? operation.parameters : [])]
          .map((parameter) => resolveRef(doc, parameter))
          .filter(isObject);
        list.push({
          operationId: operation.operationId,
          method,
          path: p,
          webhook,
          operation,
          parameters,
          authenticated: !(Array.isArray(operation.security) && operation.security.length === 0),
        });
      }
    }
  }
  walked.set(doc, list);
  return list;
}

/**
 * The security an operation needs: alternatives (any one will do), each the names of the schemes it
 * needs together. Its own `security`, else the document's; `[]` or `[[]]` when it needs none.
 */
export function securityRequirements(doc: JsonObject, entry: OperationEntry): string[][] {
  const requirements = entry.operation.security ?? doc.security;
  return Array.isArray(requirements) ? requirements.filter(isObject).map((requirement) => Object.keys(requirement)) : [];
}

/** The servers an operation is served on (its own `servers`, else the document's), each with its description. */
export function serversOf(doc: JsonObject, entry: OperationEntry): Array<{ description: string; url: string }> {
  const servers = entry.operation.servers ?? doc.servers;
  return (Array.isArray(servers) ? servers : [])
    .filter(isObject)
    .map((server) => ({ description: String(server.description ?? server.url), url: String(server.url) }));
}

/** The operation with this operationId; throws when the document has none. */
export function operationById(operationId: string, doc: JsonObject): OperationEntry {
  const found = operations(doc).find((entry) => entry.operationId === operationId);
  if (!found) throw new Error(`openapi: no operation with operationId "${operationId}"`);
  return found;
}
