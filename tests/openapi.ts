/**
 * The OpenAPI document for tests that call the API's mock (the sandbox): its
 * operations, their documented requests and answers, and a validator of values
 * against its schemas (src/openapi/schemas.ts, whose own test of the test is in
 * tests/unit/openapi-document.test.ts). Expected values (requests, statuses,
 * schemas) come from the document, never from the module under test.
 */
import { openapiDocument, operations, resolveRef, type DocumentNode as Json } from '../src/openapi/document';
import { schemaValidator } from '../src/openapi/schemas';

export type { Json };

export const doc: Json = openapiDocument();

/** Follows local `$ref`s ("#/components/...") to the node they point at. */
export const deref = (node: Json): Json => resolveRef(doc, node);

export interface DocumentedCall {
  readonly operationId: string;
  readonly method: string;
  /** The path template, relative to the server URL. */
  readonly path: string;
  readonly op: Json;
  /** Path-level parameters and the operation's own, resolved. */
  readonly parameters: Json[];
  /** False for the calls with `security: []`. */
  readonly authenticated: boolean;
}

/** Every call under `paths` (webhooks are sent by the API, not to it), as the document's reader walks them. */
export const calls: readonly DocumentedCall[] = operations()
  .filter((entry) => !entry.webhook)
  .map(({ operationId, method, path, operation, parameters, authenticated }) => ({
    operationId,
    method,
    path,
    op: operation,
    parameters,
    authenticated,
  }));

export function call(operationId: string): DocumentedCall {
  const found = calls.find((c) => c.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the document`);
  return found;
}

/** The JSON request examples of a call, by name (`example` is named "example"). */
export function requestExamples(c: DocumentedCall): Array<[name: string, value: Json]> {
  const json = deref(c.op.requestBody)?.content?.['application/json'];
  if (!json) return [];
  if (json.example !== undefined) return [['example', json.example]];
  return Object.entries<Json>(json.examples ?? {}).map(([name, example]) => [name, deref(example).value]);
}

/** The JSON media type of a response of a call, e.g. `'200'`. */
export function responseOf(c: DocumentedCall, status: string): { schema: Json; example: Json } {
  const json = deref(c.op.responses?.[status])?.content?.['application/json'];
  if (!json) throw new Error(`${c.operationId} documents no JSON ${status}`);
  return { schema: json.schema, example: json.example };
}

/** The path with each `{parameter}` replaced by its example, and the query of every parameter example. */
export function documentedUrl(c: DocumentedCall): string {
  let url = c.path;
  const query = new URLSearchParams();
  for (const parameter of c.parameters) {
    if (parameter.in === 'path') {
      if (parameter.example === undefined) throw new Error(`${c.operationId}: path parameter ${parameter.name} has no example`);
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example)));
    } else if (parameter.in === 'query' && parameter.example !== undefined) {
      query.set(parameter.name, String(parameter.example));
    } else if (parameter.in === 'query' && parameter.required) {
      throw new Error(`${c.operationId}: required query parameter ${parameter.name} has no example`);
    }
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

const validator = schemaValidator(doc);

/** Validates a value against a schema of the document: the error text, or null when valid. */
export const schemaErrors = (schema: Json, value: unknown): string | null => validator.errorsText(schema, value);
