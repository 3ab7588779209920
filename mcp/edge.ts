/**
 * The MCP endpoint at the edge: the docs' tools at `/mcp` on the docs' own
 * Cloudflare Pages deployment, in workerd. mcp/edgeBuild.ts bundles this file
 * into `build/_worker.js` at `npm run build` (Pages' advanced mode), and writes
 * `build/_routes.json`, which sends `/mcp` only to it: every other path stays a
 * static file, under `_headers` and `_redirects`.
 *
 * The same tools as the npm package (mcp/docsServer.ts), which answer as it does,
 * over the SDK's web-standard Streamable HTTP transport, stateless (a server and
 * a transport per request) with JSON answers. Differences, all of them:
 *
 * - the site is the deployment itself: its files come from `env.ASSETS.fetch`,
 *   never over the internet, and the site's URL is the request's origin;
 * - no `try_in_sandbox`: it calls a sandbox on the reader's own machine, so it
 *   stays in the package, and the instructions say so;
 * - validate_request uses the validators compiled at build from the same
 *   document (workerd allows no `eval` or `new Function`): nothing is compiled here.
 *
 * The limits of the hosted mode (mcp/hosted.ts): a body over 1 MB gets 413
 * before it is parsed (the SDK's `maxRequestBodySize`: a declared length at
 * once, else as soon as the body passes it); the tools' own limits; an `Origin`
 * that is not the docs site's, the deployment's or loopback gets 403; a method
 * other than POST 405, a path other than /mcp 404. Host checks are the CDN's.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { brand } from '../src/brand';
import { documentFingerprint, type Validate } from '../src/openapi/requestCheck';
import { checkerFor } from './checker';
import { MAX_MESSAGE_BYTES, MCP_PATH, originAllowed } from './limits';
import { Site } from './site';
import { createDocsServer } from './docsServer';
import { version } from './package.json';

/** What Cloudflare Pages gives the worker: its deployment's static files. */
type Env = { ASSETS: { fetch(request: Request): Promise<Response> } };

type Generated = { fingerprint: string; validators: Record<string, Validate> };

/** The validators compiled at build (mcp/edgeBuild.ts puts the module in the bundle). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a module that the edge's bundle makes at build (mcp/edgeBuild.ts): there is no file to import
const built = require('./generated/requestValidators.js') as Generated;

const requestChecker = checkerFor((doc) => {
  if (documentFingerprint(doc) !== built.fingerprint)
    throw new Error('The OpenAPI document this deployment publishes is not the one its validators were built from: build it again');
  return built.validators;
});

/** The SDK's validator of JSON Schemas that clients send (elicitation only, which these tools never ask): none here. */
const noSchemaCompiler: jsonSchemaValidator = {
  getValidator() {
    throw new Error('No JSON Schema is compiled at the edge: workerd allows no eval');
  },
};

/** The sandbox that the curl samples of get_operation name: the reader's own, as the package's default. */
const SANDBOX_URL = new URL(brand.localSandboxApiUrl).href.replace(/\/+$/, '');

/** One reader of the deployment per origin, kept across requests (its whole-site files cached for a minute). */
const sites = new Map<string, Site>();

function siteOf(origin: string, env: Env): Site {
  let site = sites.get(origin);
  if (!site) {
    site = new Site(origin, (url, init) => env.ASSETS.fetch(new Request(url, init)));
    sites.set(origin, site);
  }
  return site;
}

function refuse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Answers one request to the worker. */
export async function handle(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const origin = request.headers.get('origin');
  if (origin !== null && !originAllowed(origin, url.origin)) {
    return refuse(403, `Forbidden: a page of ${origin} may not use this server; only the docs site's pages and this machine's`);
  }
  if (url.pathname !== MCP_PATH) return refuse(404, `Not found: the MCP endpoint is ${MCP_PATH}`);
  if (request.method !== 'POST') {
    return refuse(405, 'Method not allowed: this stateless server takes POST only (no event stream, no session)', { allow: 'POST' });
  }
  const mcp = createDocsServer({
    site: siteOf(url.origin, env),
    sandboxUrl: SANDBOX_URL,
    version,
    requestChecker,
    edge: { jsonSchemaValidator: noSchemaCompiler, search: true },
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_MESSAGE_BYTES,
  });
  try {
    await mcp.connect(transport);
    return await transport.handleRequest(request);
  } catch (error) {
    console.error(`docs MCP endpoint: ${error instanceof Error ? error.message : String(error)}`);
    return refuse(500, 'Internal error');
  } finally {
    // JSON answers are whole when handleRequest returns: nothing is left to send.
    await transport.close();
    await mcp.close();
  }
}

export default { fetch: handle };
