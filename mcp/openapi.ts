/**
 * The OpenAPI document as the site publishes it (/v2.0.yaml), read through the
 * project's one reader (src/openapi/document.ts): finding an operation by its
 * operationId or by "METHOD /path", and the answers of get_operation,
 * get_schema and list_operations, every `$ref` resolved.
 */
import { brand } from '../src/brand';
import { editDistance } from '../src/search/editDistance';
import {
  HTTP_METHODS,
  isObject,
  OPENAPI_FILE,
  OPENAPI_JSON_FILE,
  operations,
  parseOpenapiDocument,
  resolveDeep,
  securityRequirements,
  serversOf,
  type Json,
  type JsonObject,
  type OperationEntry,
} from '../src/openapi/documentTree';
import { operationFacts } from '../src/openapi/documentFacts';
import { curlSample, fillPath } from '../src/openapi/samples';
import { escapeRegExp } from '../src/text';
import { operationPageUrl, schemaPageUrl } from '../src/api-reference/routes';
import { schemaHomes } from '../src/api-reference/schemaPages';
import { queryRecord } from '../src/openapi/requestCheck';
import { markAnswer, marksOn, type Mark } from './marks';
import type { Site } from './site';

/** Where the site serves the document: openapi/ is one of its static directories. */
export const OPENAPI_URL_PATH = `/${OPENAPI_FILE}`;

/** The same document as JSON, which the site publishes too (a site built before it did has the YAML only). */
export const OPENAPI_JSON_URL_PATH = `/${OPENAPI_JSON_FILE}`;

/**
 * The document the site publishes, parsed (kept by the site reader until it changes): its JSON form, which
 * parses a hundred times faster (the first call of a cold start waits for it), else its YAML.
 */
export async function apiDocument(site: Site): Promise<JsonObject> {
  const json = await site.cached(OPENAPI_JSON_URL_PATH, (text) => parseOpenapiDocument(text, OPENAPI_JSON_URL_PATH), null);
  return (
    json ?? site.cached(OPENAPI_URL_PATH, (text) => parseOpenapiDocument(text, OPENAPI_URL_PATH), 'the site publishes no OpenAPI document')
  );
}

/**
 * An operation, and the concrete path a request to it uses (its path parameters filled in); the query
 * parameters and the host the caller's string carried (`GET https://…/converts/token?amount=1`), if any.
 */
export type FoundOperation = { entry: OperationEntry; path: string; query: Record<string, string | string[]>; origin?: string };

const METHOD_AND_PATH = new RegExp(`^(${HTTP_METHODS.join('|')})\\s+(\\S+)$`, 'i');

/** Up to five names close to `input` (sharing a word, or a few edits away). */
function closest(input: string, names: string[]): string[] {
  const lower = input.toLowerCase();
  const words = lower.split(/[^a-z0-9]+|(?=[A-Z])/).filter((w) => w.length >= 4);
  return names
    .map((name) => ({ name, d: editDistance(lower, name.toLowerCase()) }))
    .filter(({ name, d }) => d <= Math.max(2, name.length / 3) || words.some((w) => name.toLowerCase().includes(w)))
    .sort((a, b) => a.d - b.d)
    .slice(0, 5)
    .map(({ name }) => name);
}

/** The value a path parameter takes when the caller gives none: the document's example. */
function exampleOf(parameter: JsonObject): string {
  const schema = isObject(parameter.schema) ? parameter.schema : {};
  const value = parameter.example ?? schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  return value === undefined || value === null ? String(parameter.name) : String(value);
}

function fill(entry: OperationEntry): string {
  return fillPath(entry.path, entry.parameters, exampleOf);
}

/**
 * A server's URL as this server names it: the document's local sandbox (`brand.localSandboxApiUrl`) is the
 * sandbox this server was given (`--local-sandbox`), so no answer names a port where nothing of the reader's runs.
 */
function serverUrl(url: string, sandboxUrl: string | undefined): string {
  return sandboxUrl !== undefined && url.replace(/\/+$/, '') === brand.localSandboxApiUrl ? sandboxUrl.replace(/\/+$/, '') : url;
}

/** The servers' URLs (`https://api.crypto-payments.example/v2.0`), absolute, the local sandbox as given. */
function serverUrls(doc: JsonObject, sandboxUrl?: string): URL[] {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObject) : [];
  return servers.map((s) => new URL(serverUrl(String(s.url), sandboxUrl), brand.siteUrl));
}

/** The servers' base paths (`/v2.0`), which a path may start with. */
function basePaths(doc: JsonObject, sandboxUrl?: string): string[] {
  return [
    ...new Set(
      serverUrls(doc, sandboxUrl)
        .map((url) => url.pathname.replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  ];
}

/**
 * The operation `input` names: an operationId (`createCharge`), or a method and
 * a path, as a template (`GET /charges/{id}`) or a concrete path
 * (`GET /v2.0/charges/0b7e…`, whose values are then used), or a URL on one of
 * the document's servers. A URL on any other host is refused.
 */
export function findOperation(doc: JsonObject, input: string, sandboxUrl?: string): FoundOperation {
  const all = operations(doc);
  const text = input.trim();
  const call = METHOD_AND_PATH.exec(text);
  if (call) {
    const method = call[1].toLowerCase();
    let origin: string | undefined;
    let target: URL;
    try {
      target = new URL(call[2], 'http://path.invalid');
    } catch {
      throw new Error(`"${call[2].slice(0, 200)}" is not a path or a URL`);
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(call[2])) {
      origin = target.origin;
      const servers = serverUrls(doc, sandboxUrl).map((url) => url.origin);
      if (!servers.includes(origin)) {
        throw new Error(
          `${call[2].slice(0, 200)} is not on a server of the API (${[...new Set(servers)].join(', ')}): name the call by its path, e.g. ${method.toUpperCase()} ${target.pathname}`,
        );
      }
    } else if (!call[2].startsWith('/')) {
      throw new Error(`"${call[2].slice(0, 200)}" is not a path: a path starts with /, e.g. ${method.toUpperCase()} /charges`);
    }
    // The URL parser escapes a template's braces (`/charges/%7Bid%7D`): they are read back as written.
    let wanted = target.pathname
      .replace(/%7B/gi, '{')
      .replace(/%7D/gi, '}')
      .replace(/(.)\/+$/, '$1');
    const query = queryRecord(target.searchParams);
    const base = basePaths(doc, sandboxUrl).find((b) => wanted === b || wanted.startsWith(`${b}/`));
    if (base) wanted = wanted.slice(base.length) || '/';
    const calls = all.filter((e) => !e.webhook);
    const exact = calls.find((e) => e.method === method && e.path === wanted);
    if (exact) return { entry: exact, path: fill(exact), query, origin };
    for (const entry of calls.filter((e) => e.method === method)) {
      const pattern = new RegExp(`^${escapeRegExp(entry.path).replace(/\\\{[^}\\]+\\\}/g, '[^/]+')}$`);
      if (pattern.test(wanted)) return { entry, path: wanted, query, origin };
    }
    const samePath = calls.filter((e) => e.path === wanted).map((e) => e.method.toUpperCase());
    throw new Error(
      samePath.length
        ? `${wanted} takes ${samePath.join(', ')}, not ${method.toUpperCase()}, in the OpenAPI document (${OPENAPI_URL_PATH})`
        : `No call ${method.toUpperCase()} ${wanted} in the OpenAPI document (${OPENAPI_URL_PATH}). list_operations lists the ${calls.length} calls.`,
    );
  }
  const entry = all.find((e) => e.operationId === text) ?? all.find((e) => e.operationId.toLowerCase() === text.toLowerCase());
  if (entry) return { entry, path: fill(entry), query: {} };
  const near = closest(
    text,
    all.map((e) => e.operationId),
  );
  throw new Error(
    `No operation "${text.slice(0, 200)}" in the OpenAPI document (${OPENAPI_URL_PATH}).` +
      (near.length ? ` Did you mean ${near.join(', ')}?` : '') +
      ` Name an operationId or "METHOD /path"; list_operations lists all ${all.length}.`,
  );
}

/** The security requirements of an operation: alternatives (any one), each a set of schemes (all together), resolved. */
function authenticationOf(doc: JsonObject, entry: OperationEntry): Json {
  const alternatives = securityRequirements(doc, entry);
  if (alternatives.every((names) => names.length === 0)) return 'none';
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  return {
    anyOf: alternatives.map((names) =>
      names.map((name) => {
        const scheme = resolveDeep(doc, schemes[name] ?? null);
        return { securityScheme: name, ...(isObject(scheme) ? scheme : {}) };
      }),
    ),
  };
}

/** The curl sample of each request example (against the API's sandbox server), as the guides and the twins show it. */
function curlSamples(doc: JsonObject, entry: OperationEntry): Record<string, string> {
  const body = isObject(entry.operation.requestBody) ? resolveDeep(doc, entry.operation.requestBody) : undefined;
  const json = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
  const names = isObject(json) && isObject(json.examples) ? Object.keys(json.examples) : [];
  if (names.length === 0) return { default: curlSample(operationFacts(entry.operationId, undefined, doc), brand.sandboxApiUrl) };
  return Object.fromEntries(names.map((name) => [name, curlSample(operationFacts(entry.operationId, name, doc), brand.sandboxApiUrl)]));
}

/** Which responses get_operation returns: all (the default), none (their statuses only), or one status. */
export type ResponsesWanted = { responses?: boolean; status?: string };

/** The names of the component schemas a resolved node uses (`x-schema`), at any depth. */
function schemasIn(node: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => schemasIn(item, found));
  else if (isObject(node)) {
    if (typeof node['x-schema'] === 'string') found.add(node['x-schema']);
    Object.values(node).forEach((value) => schemasIn(value, found));
  }
  return found;
}

function responsesPart(entry: OperationEntry, all: JsonObject, { responses = true, status }: ResponsesWanted): JsonObject {
  const statuses = Object.keys(all);
  if (status !== undefined) {
    if (!responses) throw new Error('Give either responses: false (no responses) or status (one response), not both.');
    const key = statuses.find((s) => s.toLowerCase() === status.trim().toLowerCase());
    if (key === undefined)
      throw new Error(`${entry.operationId} documents no "${status.slice(0, 20)}" response; its statuses: ${statuses.join(', ')}.`);
    return { responses: { [key]: all[key] }, responseStatuses: statuses };
  }
  return responses ? { responses: all } : { responseStatuses: statuses };
}

/**
 * get_operation's answer: the call with everything resolved, its authentication, its curl samples, and
 * what is not documented yet about it: its own marks (`x-unknown`), and the marks of the unknowns report on
 * its page and on the pages of the schemas it uses (`marks`, when the site publishes the report).
 */
export function operationAnswer(
  doc: JsonObject,
  site: Site,
  { entry }: FoundOperation,
  wanted: ResponsesWanted,
  marks: Mark[] | undefined,
  sandboxUrl?: string,
): JsonObject {
  const op = entry.operation;
  const parameters = resolveDeep(doc, entry.parameters);
  const requestBody = resolveDeep(doc, op.requestBody ?? null);
  const responses = resolveDeep(doc, op.responses ?? {});
  const own: Mark[] = (Array.isArray(op['x-unknown']) ? op['x-unknown'].filter(isObject) : []).map((m) => ({
    route: operationPageUrl(entry.operationId),
    heading: '',
    topic: String(m.topic),
    text: String(m.text),
  }));
  const pages = [operationPageUrl(entry.operationId), ...[...schemasIn([parameters, requestBody, responses])].map(schemaPageUrl)];
  const onPages = marksOn(marks ?? [], pages).filter((m) => !own.some((o) => o.topic === m.topic && o.route === m.route));
  return {
    operationId: entry.operationId,
    method: entry.method.toUpperCase(),
    path: entry.path,
    ...(entry.webhook ? { webhook: true, note: 'A webhook: the API sends this request to your callback URL.' } : {}),
    summary: op.summary ?? null,
    description: op.description ?? null,
    tags: op.tags ?? [],
    page: site.urlOf(operationPageUrl(entry.operationId)),
    ...(entry.webhook
      ? {}
      : { urls: serversOf(doc, entry).map((s) => ({ server: s.description, url: `${serverUrl(s.url, sandboxUrl)}${entry.path}` })) }),
    authentication: authenticationOf(doc, entry),
    parameters,
    requestBody,
    ...responsesPart(entry, isObject(responses) ? responses : {}, wanted),
    notDocumentedYet: [...own, ...onPages].map((m) => markAnswer(site, m)),
    ...(entry.webhook ? {} : { curl: curlSamples(doc, entry) }),
  };
}

export function schemasOf(doc: JsonObject): JsonObject {
  return isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
}

const callsOfSchemas = new WeakMap<JsonObject, Map<string, string[]>>();

/**
 * The calls and webhooks that use each component schema (in their parameters, body or responses, at any
 * depth), by the schema's name; a schema that none uses is absent. Worked out once per document.
 */
export function callsBySchema(doc: JsonObject): Map<string, string[]> {
  let calls = callsOfSchemas.get(doc);
  if (!calls) {
    calls = new Map();
    for (const entry of operations(doc)) {
      const used = schemasIn(resolveDeep(doc, [entry.parameters, entry.operation.requestBody ?? null, entry.operation.responses ?? null]));
      for (const name of used) calls.set(name, [...(calls.get(name) ?? []), entry.operationId]);
    }
    callsOfSchemas.set(doc, calls);
  }
  return calls;
}

/** What an answer says of a schema that no call or webhook uses. */
const NO_CALLS = 'No call or webhook of the OpenAPI document takes or returns it: the calls for it are not documented.';

/** get_schema's answer: the named schema with everything resolved, its page when the site lists one, and the calls that use it. */
export function schemaAnswer(doc: JsonObject, site: Site, name: string, twins: Set<string>): JsonObject {
  const schemas = schemasOf(doc);
  // Own names only: `constructor` or `__proto__` name no schema, whatever the object inherits.
  const found = Object.hasOwn(schemas, name) ? name : Object.keys(schemas).find((n) => n.toLowerCase() === name.trim().toLowerCase());
  if (!found) {
    const near = closest(name.trim(), Object.keys(schemas));
    throw new Error(
      `No schema "${name.slice(0, 200)}" in the OpenAPI document (${OPENAPI_URL_PATH}).` +
        (near.length ? ` Did you mean ${near.join(', ')}?` : '') +
        ` get_operation shows the schemas of a call, resolved.`,
    );
  }
  // Its own page, or the page that shows it (the first object page or operation page that uses it).
  const page = schemaHomes(doc).get(found)?.route;
  const calls = callsBySchema(doc).get(found) ?? [];
  return {
    name: found,
    ...(page && twins.has(`${page}.md`) ? { page: site.urlOf(page) } : {}),
    calls,
    ...(calls.length ? {} : { note: NO_CALLS }),
    schema: resolveDeep(doc, schemas[found]),
  };
}

/** list_operations' answer: every call and webhook (or those of one tag), in the document's order. */
export function operationList(doc: JsonObject, site: Site, tag: string | undefined): JsonObject {
  const all = operations(doc);
  const tagsOf = (e: OperationEntry) => (Array.isArray(e.operation.tags) ? e.operation.tags.map(String) : []);
  const tags = [...new Set(all.flatMap(tagsOf))];
  let chosen = all;
  if (tag !== undefined && tag.trim()) {
    const wanted = tags.find((t) => t.toLowerCase() === tag.trim().toLowerCase());
    if (!wanted) throw new Error(`No tag "${tag.slice(0, 200)}" in the OpenAPI document. Its tags: ${tags.join(', ')}.`);
    chosen = all.filter((e) => tagsOf(e).includes(wanted));
  }
  return {
    count: chosen.length,
    tags,
    operations: chosen.map((e) => ({
      operationId: e.operationId,
      method: e.method.toUpperCase(),
      path: e.path,
      ...(e.webhook ? { webhook: true } : {}),
      summary: e.operation.summary ?? null,
      tags: tagsOf(e),
      authenticated: e.authenticated,
      page: site.urlOf(operationPageUrl(e.operationId)),
    })),
  };
}
