/**
 * The one way the MCP server talks to the network: an HTTP request to one
 * allowed origin (the docs site, or the local sandbox), nowhere else. A request
 * for another origin is refused before any connection; a redirect is followed
 * only within the same origin; an answer has a size limit and one time limit
 * for the request and all its redirects, within the deadline of the tool call
 * it serves, if any.
 * A failure becomes an Error whose message says what did not answer and why
 * (a NoAnswerError when the connection failed), which the tools hand to the
 * assistant as their error result.
 *
 * The request goes through the global `fetch` unless given another: the MCP
 * endpoint at the edge (mcp/edge.ts) gives its deployment's own static files
 * (`env.ASSETS.fetch`), so it reads the site without leaving it.
 */

/** What sends a request: the global fetch, or one given (a deployment's assets). */
export type Fetch = (input: URL, init: RequestInit) => Promise<Response>;

export type Answer = { status: number; headers: Headers; text: string };

/**
 * The time a whole tool call has (every request it makes shares it): when it ends, its length for messages, and the
 * client's cancellation of the call, which ends it too. A plain value: each request makes its own timer from it, so a
 * call that makes no request (most calls, which read what the server keeps) makes no timer and no signal.
 */
export type Deadline = { endsAt: number; ms: number; cancelled?: AbortSignal };

/** A tool call's deadline, from now. */
export function deadlineOf(ms: number, cancelled?: AbortSignal): Deadline {
  return { endsAt: Date.now() + ms, ms, cancelled };
}

type RequestOptions = {
  /** What is asked, for messages: "the docs site", "the local sandbox". */
  what: string;
  /** The only origin this request may reach. */
  origin: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The request's own limit, for it and all its redirects (default 15 s). */
  timeoutMs?: number;
  /** The deadline of the tool call it serves, which may end it sooner. */
  deadline?: Deadline;
  maxBytes?: number;
  /** What sends it (default: the global fetch). */
  fetch?: Fetch;
};

const MAX_REDIRECTS = 5;

/**
 * A request that got no answer because the connection failed: refused, host
 * not found, closed, or no answer in time. Only then may a message suggest that
 * the other side is not running.
 */
export class NoAnswerError extends Error {}

/** Why a request failed, in words ("connection refused", "no answer within 10 s"), and whether the connection is why. */
function failureOf(
  error: unknown,
  timeoutMs: number,
  deadline: Deadline | undefined,
  byDeadline: boolean,
): { reason: string; connection: boolean } {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
    if (deadline && (byDeadline || deadline.cancelled?.aborted))
      return { reason: `the tool call's ${deadline.ms / 1000} s ran out`, connection: true };
    return { reason: `no answer within ${timeoutMs / 1000} s`, connection: true };
  }
  const code = err?.cause?.code;
  if (code === 'ECONNREFUSED') return { reason: 'connection refused: nothing listens there', connection: true };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { reason: 'host not found', connection: true };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return { reason: 'the connection was closed', connection: true };
  return { reason: err?.cause?.message ?? err?.message ?? String(error), connection: false };
}

async function readCapped(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new Error(`${url} is ${declared} bytes, more than the ${maxBytes} this server reads`);
  if (!response.body) return '';
  // TextDecoder rather than Buffer: the same code runs in workerd (mcp/edge.ts), which has no Buffer.
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`${url} is more than the ${maxBytes} bytes this server reads`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** Sends one request to `url`, which must be on `options.origin`. */
export async function request(url: string, options: RequestOptions): Promise<Answer> {
  const { what, origin, timeoutMs = 15_000, deadline, maxBytes = 20 * 1024 * 1024, fetch: send = fetch } = options;
  // One limit for the request, its redirects and the reading of its answer: a hop does not start the clock again.
  // The tool call's deadline ends it sooner when less of the call's time is left than the request's own limit.
  const left = deadline ? Math.max(0, deadline.endsAt - Date.now()) : Infinity;
  const byDeadline = left < timeoutMs;
  const limit = AbortSignal.timeout(Math.min(timeoutMs, left));
  const signal = deadline?.cancelled ? AbortSignal.any([limit, deadline.cancelled]) : limit;
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    if (target.origin !== origin) {
      throw new Error(
        hop === 0
          ? `${target.origin} is not ${what} (${origin}): this server reaches no other host`
          : `${what} answered with a redirect to ${target.origin}, another host: not followed`,
      );
    }
    let response: Response;
    try {
      response = await send(target, {
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      const { reason, connection } = failureOf(error, timeoutMs, deadline, byDeadline);
      if (connection) throw new NoAnswerError(`${what} at ${origin} did not answer (${reason}) when asked for ${target.pathname}`);
      throw new Error(`The request to ${what.replace(/^The /, 'the ')} at ${origin} for ${target.pathname} could not be sent: ${reason}`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
      await response.body?.cancel();
      target = new URL(location, target);
      continue;
    }
    try {
      return { status: response.status, headers: response.headers, text: await readCapped(response, maxBytes, target.pathname) };
    } catch (error) {
      const { reason, connection } = failureOf(error, timeoutMs, deadline, byDeadline);
      throw new (connection ? NoAnswerError : Error)(`${what} at ${origin}: reading ${target.pathname} failed (${reason})`);
    }
  }
}
