/**
 * The MCP endpoint at the edge: the docs' tools at `/mcp` on the docs' own
 * Cloudflare Pages deployment, in workerd. mcp/build.ts bundles this file
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
 * - the OpenAPI document and the search engine come with the bundle, worked out
 *   at build from the same deployment (mcp/build.ts) and loaded once per
 *   isolate, for every origin it serves: no call parses or indexes them;
 * - a build with hosted DocSearch publishes no index: no search_docs here;
 * - no `try_in_local_sandbox`: it calls a sandbox on the reader's own machine, so it
 *   stays in the package, and the instructions say so;
 * - validate_request uses the validators compiled at build from the same
 *   document (workerd allows no `eval` or `new Function`): nothing is compiled here.
 *
 * The limits of the hosted mode (mcp/hosted.ts): a body over 1 MB gets 413
 * before it is parsed (the SDK's `maxRequestBodySize`: a declared length at
 * once, else as soon as the body passes it); the tools' own limits; and the
 * refusals of every door (`refusalOf`, mcp/limits.ts): an `Origin` that is not
 * the docs site's, the deployment's or loopback 403, a path other than /mcp
 * 404, a method other than POST 405. Host checks are the CDN's.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { brand } from '../src/brand';
import type { JsonObject } from '../src/openapi/documentTree';
import type { Validate } from '../src/openapi/requestCheck';
import type { EngineState } from '../src/search/engine';
import { checkerFor } from './checker';
import { schemaHomes } from '../src/api-reference/schemaPages';
import { callsBySchema, OPENAPI_JSON_URL_PATH } from './openapi';
import { INDEX_PATH, loadedIndex } from './search';
import { INTERNAL_ERROR, MAX_MESSAGE_BYTES, refusalBody, refusalOf, type Refusal } from './limits';
import { Site } from './site';
import { createDocsServer } from './docsServer';
import { version } from './package.json';

/** What Cloudflare Pages gives the worker: its deployment's static files. */
type Env = { ASSETS: { fetch(request: Request): Promise<Response> } };

/** The validators compiled at build from the deployment's document (mcp/build.ts puts the module in the bundle). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a module that the edge's bundle makes at build (mcp/build.ts): there is no file to import
const built = require('./deployment/requestValidators.js') as { validators: Record<string, Validate> };
/**
 * What the bundle holds of the deployment, made at build (mcp/build.ts). The engine's state comes from a function,
 * called once: the plain objects it parses are dropped once the engine is loaded from them.
 */
export type Deployment = { document: JsonObject; searchState: (() => EngineState) | null };

/** The deployment's document and search engine state, made at build (mcp/build.ts). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const deployment = require('./deployment/published.js') as Deployment;

/** Its validators are compiled from the document the bundle holds, the one apiDocument gives here. */
const requestChecker = checkerFor(() => built.validators);

/** The deployment's files that every Site reader here has parsed already: the document, and the search engine if any. */
const preloaded = new Map<string, unknown>([[OPENAPI_JSON_URL_PATH, deployment.document]]);
const index = deployment.searchState ? loadedIndex(deployment.searchState()) : undefined;
if (index) preloaded.set(INDEX_PATH, index);

/** The SDK's validator of JSON Schemas that clients send (elicitation only, which these tools never ask): none here. */
const noSchemaCompiler: jsonSchemaValidator = {
  getValidator() {
    throw new Error('No JSON Schema is compiled at the edge: workerd allows no eval');
  },
};

/** The sandbox that the curl samples of get_operation name: the reader's own, as the package's default. */
const SANDBOX_URL = new URL(brand.localSandboxApiUrl).href.replace(/\/+$/, '');

/** One reader of the deployment per origin, kept across requests (its other whole-site files cached for a minute). */
const sites = new Map<string, Site>();

function siteOf(origin: string, env: Env): Site {
  let site = sites.get(origin);
  if (!site) {
    site = new Site(origin, (url, init) => env.ASSETS.fetch(new Request(url, init)), preloaded);
    sites.set(origin, site);
  }
  return site;
}

function serverFor(site: Site) {
  return createDocsServer({
    site,
    sandboxUrl: SANDBOX_URL,
    version,
    requestChecker,
    edge: { jsonSchemaValidator: noSchemaCompiler, search: index !== undefined },
  });
}

/**
 * The work of an isolate's first calls, done at its start instead (Workers allow a start 1 s of CPU, a request 10 ms
 * on the Free plan): which calls use each schema and which page shows it (read_page's and get_schema's first
 * answers), and a few searches,
 * so that the engine's code is compiled before the first question. Pure work, as a Worker's start must be (no I/O,
 * no timer, no random value: workerd refuses them there, which the SDK's server needs). The queries name no page
 * or question of any test set.
 */
callsBySchema(deployment.document);
schemaHomes(deployment.document);
for (const query of ['payment', 'How do I get paid?', 'webhok signature', 'x-api-key'])
  for (const hit of index?.engine.search(query).slice(0, 8) ?? []) void hit.text;

function refuse({ status, message, headers = {} }: Refusal): Response {
  return new Response(refusalBody(message), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Answers one request to the worker. */
export async function handle(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const refusal = refusalOf(request.method, url.pathname, request.headers.get('origin'), url.origin);
  if (refusal) return refuse(refusal);
  const mcp = serverFor(siteOf(url.origin, env));
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
    return refuse(INTERNAL_ERROR);
  } finally {
    // JSON answers are whole when handleRequest returns: nothing is left to send.
    await transport.close();
    await mcp.close();
  }
}

export default { fetch: handle };
