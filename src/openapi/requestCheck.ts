/**
 * Checks a request against the OpenAPI document with one engine, Ajv, whose
 * validators are either compiled ahead of time (`ajv/dist/standalone`, at
 * `npm run mcp:build`: src/openapi/requestSchemas.ts writes them) or, in Node,
 * compiled now from the same plan. It decides what the local sandbox's engine
 * (Prism, src/openapi/prism.ts) decides, in Prism's own way:
 * - a required body that is missing (or falsy) is "Body parameter is required";
 * - the body is checked against its JSON schema without coercion;
 * - the query and path parameters are checked as one object each, their names in
 *   lower case, with coercion (`"25"` is an integer), an empty value being absent;
 * and gives Prism's diagnostics, which the violation finder
 * (src/openapi/violations.ts) turns into the fields at fault. No `eval` or
 * `new Function` runs here: it runs in Node and in workerd alike.
 * tests/unit/request-check.test.ts runs both engines on the same requests.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { isObject, resolveRef, type DocumentNode, type JsonObject, type OperationEntry } from './documentTree';
import { violationFinder, type Diagnostic, type SchemaChecks, type Violation } from './violations';

/** A compiled validator, standalone or not: Ajv's ValidateFunction as far as it is used here. */
export type Validate = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** What a request is checked for: the body's schema (whole and each oneOf variant), and each kind of parameters. */
export type PlannedSchema = {
  /** `body POST /charges`, `body POST /charges 0` (a variant), `query GET /charges`, `path GET /charges/{id}`. */
  id: string;
  /** The schema as the document writes it; for parameters, the object schema Prism builds from them. */
  schema: DocumentNode;
  /** The document's node of a body schema (its identity finds the validator); none for parameters. */
  node?: DocumentNode;
  /** Parameters are coerced from their text, as Prism does; bodies are not. */
  coerce: boolean;
};

type ParameterLocation = 'query' | 'path';

const keyOf = (entry: OperationEntry) => `${entry.method.toUpperCase()} ${entry.path}`;

/** The parameters of a kind as one object schema, as Prism builds it: names in lower case, the required ones required. */
function parametersSchema(doc: DocumentNode, entry: OperationEntry, where: ParameterLocation): DocumentNode | undefined {
  const parameters = entry.parameters.map((p) => resolveRef(doc, p)).filter((p: DocumentNode) => p?.in === where);
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.filter((p: DocumentNode) => p.schema).map((p: DocumentNode) => [String(p.name).toLowerCase(), p.schema])),
    required: parameters.filter((p: DocumentNode) => p.required).map((p: DocumentNode) => String(p.name).toLowerCase()),
  };
}

/** The JSON body schema of a call (the document's node), if it takes one. */
function bodySchemaOf(doc: DocumentNode, entry: OperationEntry): DocumentNode | undefined {
  const requestBody: DocumentNode = resolveRef(doc, entry.operation.requestBody);
  return requestBody?.content?.['application/json']?.schema;
}

/** Every schema a request to a call of `doc` is checked against, in a fixed order (the same at build and at run). */
export function requestSchemas(doc: DocumentNode, entries: OperationEntry[]): PlannedSchema[] {
  const planned: PlannedSchema[] = [];
  for (const entry of entries) {
    const key = keyOf(entry);
    const body = bodySchemaOf(doc, entry);
    if (body) {
      planned.push({ id: `body ${key}`, schema: body, node: body, coerce: false });
      const variants = resolveRef(doc, body)?.oneOf;
      if (Array.isArray(variants)) variants.forEach((v, i) => planned.push({ id: `body ${key} ${i}`, schema: v, node: v, coerce: false }));
    }
    for (const where of ['query', 'path'] as const) {
      const schema = parametersSchema(doc, entry, where);
      if (schema) planned.push({ id: `${where} ${key}`, schema, coerce: true });
    }
  }
  return planned;
}

/**
 * A fingerprint of the document (FNV-1a, two 32-bit halves, over its JSON): the validators compiled ahead
 * of time serve the document they were compiled from, and no other.
 */
export function documentFingerprint(doc: DocumentNode): string {
  const text = JSON.stringify(doc);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** Prism's words for an Ajv error (its convertAjvErrors, for a request). */
function prismDiagnostic(error: ErrorObject, prefix: string): Diagnostic {
  const params = error.params as { allowedValues?: unknown[]; additionalProperty?: string };
  const errorPath = error.instancePath.split('/').filter((segment) => segment !== '');
  const kind = errorPath.length > 0 ? (prefix === 'body' ? 'property ' : 'parameter ') : '';
  const where = `Request ${prefix} ${kind}${errorPath.join('.').trim()}${errorPath.length > 0 ? ' ' : ''}`;
  const allowed = params.allowedValues ? `: ${params.allowedValues.join(', ')}` : '';
  const additional = params.additionalProperty ? `; found '${params.additionalProperty}'` : '';
  return { path: [prefix, ...errorPath], code: error.keyword, message: `${where}${error.message ?? ''}${allowed}${additional}`, severity: 0 };
}

type RequestQuery = Record<string, string | string[]>;

/** A URL's query as a Prism request carries it, and this checker: a repeated name as a list (the sandbox and the MCP server). */
export function queryRecord(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = values.length === 1 ? values[0] : values;
  }
  return query;
}


export type RequestChecker = (entry: OperationEntry, path: string, body: unknown, query: RequestQuery) => { valid: boolean; violations: Violation[] };

/** The values of a path's parameters, by the template's names in lower case (`/charges/{id}` and `/charges/x` give `{id: 'x'}`). */
function pathValues(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1].toLowerCase());
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}$`);
  const match = pattern.exec(path);
  return Object.fromEntries(names.map((name, i) => [name, match?.[i + 1] ?? '']));
}

/**
 * The checker of `doc` with the validators of its plan (`validators[id]`). A request is valid when no
 * violation is found; the violations are the finder's, as the sandbox names them in its 422.
 */
export function requestChecker(doc: JsonObject, entries: OperationEntry[], validators: Record<string, Validate>): RequestChecker {
  const plan = requestSchemas(doc, entries);
  const byNode = new WeakMap<object, Validate>();
  for (const { id, node } of plan) if (isObject(node)) byNode.set(node, validators[id]);
  const checks: SchemaChecks = {
    compile(schema) {
      const found = isObject(schema) ? byNode.get(schema) : undefined;
      if (!found) throw new Error('the request checker has no validator for this schema (it was compiled from another document)');
      return found;
    },
  };
  const explain = violationFinder(doc, checks);
  const errorsOf = (validate: Validate | undefined, value: unknown, prefix: string): Diagnostic[] =>
    !validate || validate(value) ? [] : (validate.errors ?? []).map((e) => prismDiagnostic(e, prefix));

  return (entry, path, body, query) => {
    const key = keyOf(entry);
    const diagnostics: Diagnostic[] = [];
    const requestBody: DocumentNode = resolveRef(doc, entry.operation.requestBody);
    if (requestBody?.required && !body) diagnostics.push({ code: 'required', message: 'Body parameter is required', severity: 0 });
    else if (body !== undefined && body !== null && requestBody) diagnostics.push(...errorsOf(validators[`body ${key}`], body, 'body'));
    // Query: names in lower case, an empty value absent, a list kept for an array parameter, as Prism's form style reads them.
    const querySchema = parametersSchema(doc, entry, 'query');
    if (querySchema) {
      const given = Object.fromEntries(Object.entries(query).map(([k, v]) => [k.toLowerCase(), v]));
      const values: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries<DocumentNode>(querySchema.properties)) {
        const value = given[name];
        if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
        values[name] = resolveRef(doc, schema)?.type === 'array' && !Array.isArray(value) ? [value] : value;
      }
      diagnostics.push(...errorsOf(validators[`query ${key}`], values, 'query'));
    }
    if (parametersSchema(doc, entry, 'path')) diagnostics.push(...errorsOf(validators[`path ${key}`], pathValues(entry.path, path), 'path'));
    const violations = explain(entry, body, diagnostics);
    return { valid: violations.length === 0, violations };
  };
}
