/**
 * A request as an assistant gives it to validate_request and try_in_local_sandbox: the body as a JSON value or its
 * JSON text, and the query as `query`'s parameters plus those the operation string carried. Each refusal
 * says what is wrong, so the assistant can correct the call.
 */
import type { FoundOperation } from './openapi';
import type { Query } from './checker';

/** The body as a JSON value: a string is parsed as JSON text. */
export function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new Error(
      `The body is not JSON (${error instanceof Error ? error.message : String(error)}). Pass it as a JSON object, or as its JSON text.`,
    );
  }
}

/**
 * The query of a request: `query`'s parameters and those the operation string carried
 * (`GET /converts/token?amount=1`); a name given in both is refused, and so is a name the call does not take.
 */
export function queryOf(found: FoundOperation, query: Record<string, unknown> | undefined): Query {
  const given: Query = Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));
  const twice = Object.keys(given).filter((name) => Object.hasOwn(found.query, name));
  if (twice.length)
    throw new Error(`The query parameter ${twice.join(', ')} is given twice: in the operation's URL and in query. Give it once.`);
  const all = { ...found.query, ...given };
  const known = found.entry.parameters.filter((p) => p.in === 'query').map((p) => String(p.name));
  const unknown = Object.keys(all).filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new Error(
      `${found.entry.operationId} takes no query parameter ${unknown.join(', ')}` +
        (known.length ? `; its query parameters: ${known.join(', ')}.` : ': it takes none.'),
    );
  }
  return all;
}
