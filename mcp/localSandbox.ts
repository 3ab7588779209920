/**
 * try_in_local_sandbox: sends a call to the local sandbox (`npm run local-sandbox`, the mock
 * of the API on this machine, local-sandbox/cli.ts) and returns its answer. The
 * sandbox's address is a loopback one (brand.localSandboxApiUrl, or `--local-sandbox`);
 * nothing is ever sent to the real API.
 */
import type { FoundOperation } from './openapi';
import { NoAnswerError, request, type Deadline } from './http';
import type { Query } from './checker';

/** What a header value may hold (RFC 9110's field-vchar and spaces): no line break, no control character. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export type SandboxAnswer = {
  request: { method: string; url: string; authorization: string; body?: unknown };
  status: number;
  contentType: string | null;
  body: unknown;
  /** Prism's own diagnostics of a request it found invalid (the `sl-violations` header). */
  violations?: unknown;
};

export async function trySandbox(
  sandboxUrl: string,
  { entry, path }: FoundOperation,
  body: unknown,
  query: Query,
  token: string | undefined,
  deadline?: Deadline,
): Promise<SandboxAnswer> {
  if (entry.webhook)
    throw new Error(`${entry.operationId} is a webhook: the API sends it to you, so the local sandbox has nothing to answer`);
  if (body !== undefined && !entry.operation.requestBody) {
    throw new Error(
      `${entry.operationId} (${entry.method.toUpperCase()} ${entry.path}) takes no body: nothing was sent. Call it without one.`,
    );
  }
  if (token !== undefined && !HEADER_VALUE.test(token)) {
    throw new Error(
      'The token holds a line break or another control character, which no Authorization header can carry: nothing was sent.',
    );
  }
  const url = new URL(`${sandboxUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) for (const v of [value].flat()) url.searchParams.append(name, v);
  const method = entry.method.toUpperCase();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let answer;
  try {
    answer = await request(url.href, {
      what: 'The local sandbox',
      origin: url.origin,
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 10_000,
      deadline,
    });
  } catch (error) {
    if (!(error instanceof NoAnswerError)) throw error;
    throw new Error(
      `${error.message}. Is it running? Start it in a clone of the docs with \`npm run local-sandbox\` (it listens on ${sandboxUrl}), then try again; validate_request checks a request without it.`,
    );
  }
  const contentType = answer.headers.get('content-type');
  let parsed: unknown = answer.text;
  if (/json/i.test(contentType ?? '')) {
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      /* the text as it came */
    }
  }
  const slViolations = answer.headers.get('sl-violations');
  let violations: unknown;
  if (slViolations) {
    try {
      violations = JSON.parse(slViolations);
    } catch {
      violations = slViolations;
    }
  }
  return {
    request: { method, url: url.href, authorization: token ? 'Bearer <token>' : 'none', ...(body === undefined ? {} : { body }) },
    status: answer.status,
    contentType,
    body: parsed,
    ...(violations === undefined ? {} : { violations }),
  };
}
