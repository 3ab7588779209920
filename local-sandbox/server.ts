/**
 * The local sandbox: a mock of the merchant API v2.0 served from the OpenAPI
 * document, for trying calls without an account (`npm run local-sandbox`, see
 * local-sandbox/cli.ts).
 *
 * Stoplight Prism's engine (src/openapi/prism.ts, the setup the MCP server's
 * validate_request shares) routes each request, checks its credentials,
 * validates it against the document and picks the documented example that
 * answers it. Its router comes from @stoplight/prism-http 5.12's dist/router,
 * which the package does not export: tests/unit/vendor-pins.test.ts holds this
 * file to that version. This module adds what the Prism CLI lacks:
 * - the calls answer under the base path of the servers (`/v2.0/charges`), as
 *   the real API does; Prism itself ignores the servers' path;
 * - a request that breaks a rule answers 422 with the document's validation
 *   error whose `errors` name each violation: `{message, target}`, `target`
 *   being the field at fault (`fiat_price.symbol`, `payouts.0.network`). Prism
 *   decides that the request is invalid; Ajv, run on the variant of a `oneOf`
 *   body that the request means (by discriminator, else the closest one), says
 *   which fields are at fault (src/openapi/violations.ts, which the MCP
 *   server's validate_request shares). Prism's own diagnostics stay in the
 *   `sl-violations` header;
 * - an unknown path and a wrong method answer 404 and 405 with the document's
 *   examples of those errors;
 * - bounded: a client gets 5 s for its headers and 15 s for its request, then
 *   408 and the socket cut; a body over MAX_BODY_BYTES (1 MB) answers 413, unread (a declared
 *   length at once, else as soon as it passes the limit); a malformed JSON body
 *   answers 400 saying what is wrong; what Node's parser refuses (an unknown
 *   method, a request line or headers over MAX_HEADER_BYTES) gets JSON too. These
 *   answers have the document's error envelope (`{"success": false, "data":
 *   {"message": ...}}`), and their messages are the sandbox's own words: the
 *   document gives no message text for these errors (x-unknown `error-messages`),
 *   so the real API's words may differ;
 * - CORS for the API explorer of the docs site: the site's own origins only
 *   (src/origins.ts: its public address, and copies served on this machine);
 *   a page elsewhere gets no CORS headers, so the browser keeps the answer from it.
 * Nothing here needs the network: the document is read from disk.
 */
import http from 'node:http';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
// Prism's own router (not re-exported by the package's index; the header names the version).
import route from '@stoplight/prism-http/dist/router';
import { isSiteOrigin } from '../src/origins';
import { openapiDocument, operations as documentOperations, type DocumentNode, type OperationEntry } from '../src/openapi/document';
import { prismEngine, refusalDiagnostics, type PrismOperation, type PrismRefusal } from '../src/openapi/prism';
import { queryRecord } from '../src/openapi/requestCheck';
import { schemaValidator } from '../src/openapi/schemas';
import { violationFinder, type Diagnostic, type Violation } from '../src/openapi/violations';

type SandboxOptions = {
  /** The OpenAPI document (YAML), a path on disk. */
  documentPath: string;
  /** The path the calls answer under, from the servers' URL (`/v2.0`). */
  basePath: string;
  /** Called once per answered request (for the console). */
  onRequest?: (line: string) => void;
};

/** The shared responses of the document that answer the errors the sandbox finds outside an operation. */
const DOCUMENTED_ERRORS: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  422: 'UnprocessableEntity',
  500: 'InternalServerError',
};

/** Longest `sl-violations` header value, as Prism's own server keeps it. */
const MAX_HEADER_LENGTH = 8 * 1024 - 100;

/** The largest request body the sandbox reads: 1 MB. A larger one is refused with 413, unread. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The most bytes of request line and headers Node's parser reads here (Node's default, stated). */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * How long a client has to send its headers (5 s) and its whole request (15 s), checked every second; a slower
 * one is answered 408 and cut, so slow sockets cannot pile up (Node's defaults are 60 s and 300 s, checked every 30 s).
 */
const HEADERS_DEADLINE_MS = 5_000;
const REQUEST_DEADLINE_MS = 15_000;
const DEADLINE_CHECK_MS = 1_000;

/** A body that is not the JSON its content type says; the message is JSON.parse's. */
class MalformedBody extends Error {}

/** A body over MAX_BODY_BYTES, declared or sent. */
class BodyTooLarge extends Error {}

/**
 * An error the sandbox finds itself, in the document's error envelope. The message is the sandbox's
 * own words (the document gives no message texts for these errors), named as such.
 */
function sandboxError(message: string): { success: false; data: { message: string } } {
  return { success: false, data: { message: `Local sandbox: ${message}` } };
}

/** A CORS preflight, answered whoever asks (only the site's own origins are told they may go on): its status, or undefined. */
function answerPreflight(req: http.IncomingMessage, res: http.ServerResponse): number | undefined {
  const allowed = allowCrossOrigin(req, res);
  if (req.method !== 'OPTIONS' || !req.headers.origin || !req.headers['access-control-request-method']) return undefined;
  if (allowed) {
    res.setHeader('Access-Control-Allow-Methods', String(req.headers['access-control-request-method']));
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.writeHead(204).end();
  return 204;
}

/** The request as Prism reads it, or the status of the refusal sent for a body too large or not JSON. */
async function inputOf(req: http.IncomingMessage, res: http.ServerResponse): Promise<IHttpRequest | number> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  let body: unknown;
  try {
    body = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      discardRest(req);
      const message = `the request body is larger than ${MAX_BODY_BYTES} bytes (1 MB), the most this sandbox reads`;
      return sendJson(res, 413, sandboxError(message));
    }
    if (!(error instanceof MalformedBody)) throw error;
    return sendJson(res, 400, sandboxError(`the request body is not valid JSON: ${error.message}`));
  }
  return {
    method: (req.method ?? 'GET').toLowerCase() as IHttpRequest['method'],
    url: { path: url.pathname, query: queryRecord(url.searchParams) },
    headers: req.headers as Record<string, string>,
    body,
  };
}

export async function createSandbox(options: SandboxOptions): Promise<http.Server> {
  const { documentPath, basePath, onRequest } = options;
  const doc: DocumentNode = openapiDocument(documentPath);
  const engine = await prismEngine(doc, { checkSecurity: true, name: 'sandbox' });
  const { prism } = engine;
  // The document's reading of each operation Prism serves under the base path (its raw schemas and its parameters).
  const documented = new Map<PrismOperation, OperationEntry>();
  const calls = documentOperations(doc).filter((entry) => !entry.webhook);
  const operations = engine.operations.map((op) => {
    const served = { ...op, path: basePath + op.path };
    const entry = calls.find((e) => e.method === op.method && e.path === op.path);
    if (!entry) throw new Error(`openapi: Prism serves ${op.method.toUpperCase()} ${op.path}, which the document's reader does not list`);
    documented.set(served, entry);
    return served;
  });
  const explain = violationFinder(doc, schemaValidator(doc));
  /** The operation a request goes to, as Prism routes it (a request Prism found invalid is one it routed). */
  const routed = (input: IHttpRequest): OperationEntry => {
    const found = route({ resources: operations, input });
    const entry = found._tag === 'Right' ? documented.get(found.right) : undefined;
    if (!entry) throw new Error(`Prism found ${input.method.toUpperCase()} ${input.url.path} invalid but routes it to no operation`);
    return entry;
  };

  /**
   * The example of a shared response of the document, e.g. UnprocessableEntity; where the document shows no body
   * (the specification gives none but 422's), the sandbox's own error: the message the response's description
   * quotes (401's `login required`), else the description itself.
   */
  const documentedError = (status: number): unknown => {
    const response = doc.components.responses[DOCUMENTED_ERRORS[status]];
    const example = response.content?.['application/json']?.example;
    const description = String(response.description);
    const message = /`([^`]+)`/.exec(description)?.[1] ?? description.replace(/\.$/, '').toLowerCase();
    return example ?? sandboxError(message);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<number> => {
    const preflight = answerPreflight(req, res);
    if (preflight !== undefined) return preflight;
    const input = await inputOf(req, res);
    if (typeof input === 'number') return input;
    const result = await prism.request(input, operations)();
    if (result._tag === 'Left') {
      const error = result.left as PrismRefusal;
      const status = error.status ?? 500;
      const diagnostics = refusalDiagnostics(error);
      if (diagnostics) {
        setViolationsHeader(res, diagnostics);
        return sendJson(res, 422, withViolations(documentedError(422), explain(routed(input), input.body, diagnostics)));
      }
      if (status in DOCUMENTED_ERRORS) return sendJson(res, status, documentedError(status));
      // Anything else is the mock's own problem, in Prism's words.
      res.setHeader('Content-Type', 'application/problem+json');
      return send(res, status, JSON.stringify({ title: error.message, status, detail: (error as { detail?: string }).detail }));
    }
    const { output, validations } = result.right;
    setViolationsHeader(res, validations.input);
    // Prism makes up a body from the schema where a response has no example: an error answers the sandbox's own.
    if (output.statusCode !== 422 && output.statusCode in DOCUMENTED_ERRORS) {
      return sendJson(res, output.statusCode, documentedError(output.statusCode));
    }
    let answer: unknown = output.body;
    if (output.statusCode === 422) {
      answer = withViolations(output.body, explain(routed(input), input.body, validations.input));
    }
    for (const [name, value] of Object.entries(output.headers ?? {})) res.setHeader(name, value);
    return sendOutput(res, output, answer);
  };

  const deadlines = {
    headersTimeout: HEADERS_DEADLINE_MS,
    requestTimeout: REQUEST_DEADLINE_MS,
    connectionsCheckingInterval: DEADLINE_CHECK_MS,
  };
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES, ...deadlines }, (req, res) => {
    handle(req, res)
      .then((status) => onRequest?.(`${req.method} ${req.url} ${status}`))
      .catch((error: unknown) => {
        onRequest?.(`${req.method} ${req.url} 500 ${error instanceof Error ? error.stack : String(error)}`);
        if (!res.headersSent) sendJson(res, 500, documentedError(500));
        else res.end();
      });
  });
  // What Node's parser refuses never reaches the handler: answered here, in JSON too, and the connection closed.
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket) => {
    const [status, message] = parserRefusal(error);
    onRequest?.(`(refused by the HTTP parser: ${error.code ?? error.message}) ${status}`);
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify(sandboxError(message));
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
  return server;
}

/** The status and the sandbox's words for a request Node's HTTP parser refused. */
function parserRefusal(error: Error & { code?: string; rawPacket?: Buffer }): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const packet = error.rawPacket?.toString('latin1') ?? '';
      const lineEnd = packet.indexOf('\r\n');
      return lineEnd < 0 || lineEnd > MAX_HEADER_BYTES
        ? [414, `the URL is longer than the ${MAX_HEADER_BYTES} bytes this sandbox reads`]
        : [431, `the request line and headers are larger than the ${MAX_HEADER_BYTES} bytes this sandbox reads`];
    }
    case 'HPE_INVALID_METHOD':
      return [405, 'the method is not one this sandbox knows'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [408, 'the request did not arrive in time'];
    default:
      return [400, `the request is not well-formed HTTP (${error.code ?? error.message})`];
  }
}

// ------------------------------------------------------------------ violations

/** The documented 422 example, its `errors` replaced by the violations of this request (`{message, target}` each). */
function withViolations(documented: unknown, violations: Violation[]): unknown {
  const body = (documented ?? {}) as { data?: Record<string, unknown> };
  return { ...body, data: { ...body.data, errors: violations.map(({ message, target }) => ({ message, target })) } };
}

// ------------------------------------------------------------------------ HTTP

/** Lets a page of the site read the answer (the API explorer's requests carry credentials); a page elsewhere gets no CORS headers. */
function allowCrossOrigin(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (origin === undefined || !isSiteOrigin(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', 'sl-violations');
  return true;
}

/** Prism's diagnostics of the request, in the `sl-violations` header as Prism's own server sends them. */
function setViolationsHeader(res: http.ServerResponse, diagnostics: Diagnostic[]): void {
  if (diagnostics.length === 0) return;
  let value = JSON.stringify(diagnostics.map((d) => ({ location: ['request', ...(d.path ?? [])], code: d.code, message: d.message })));
  if (value.length > MAX_HEADER_LENGTH) value = `Too many violations! ${value.slice(0, MAX_HEADER_LENGTH)}`;
  res.setHeader('sl-violations', value);
}

/** The most of a refused body the sandbox reads and drops, so that the client gets the 413; past it, the connection is closed. */
const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body: a client that is still sending gets the answer (a closed
 * connection would end its upload with an error instead), up to MAX_DISCARDED_BYTES; nothing is kept.
 */
function discardRest(req: http.IncomingMessage): void {
  let dropped = 0;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_DISCARDED_BYTES) req.socket.destroy();
  });
  req.resume();
}

/**
 * The request body: parsed JSON for a JSON content type, text otherwise, null when there is none.
 * Never more than MAX_BODY_BYTES: a larger declared length is refused before a byte is read, and a
 * body sent without one is refused as soon as it passes the limit (the rest is left unread).
 */
async function readBody(req: http.IncomingMessage): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new BodyTooLarge();
  const chunks = await new Promise<Buffer[]>((resolve, reject) => {
    const read: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void read.push(chunk);
      // Kept no further (discardRest drops the rest); the connection stays open for the answer.
      req.off('data', onData);
      read.length = 0;
      reject(new BodyTooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolve(read));
    req.once('error', reject);
  });
  if (chunks.length === 0) return null;
  const text = Buffer.concat(chunks).toString('utf8');
  if (!/^application\/(.+\+)?json\b/i.test(req.headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MalformedBody(error instanceof Error ? error.message : String(error));
  }
}

function send(res: http.ServerResponse, status: number, text: string): number {
  res.statusCode = status;
  res.end(text);
  return status;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): number {
  res.setHeader('Content-Type', 'application/json');
  return send(res, status, JSON.stringify(body));
}

function sendOutput(res: http.ServerResponse, output: IHttpResponse, body: unknown): number {
  if (body === undefined) return send(res, output.statusCode, '');
  const type = String(res.getHeader('content-type') ?? 'application/json');
  return send(res, output.statusCode, /json/i.test(type) || typeof body !== 'string' ? JSON.stringify(body) : body);
}
