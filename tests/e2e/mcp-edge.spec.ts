/**
 * The MCP endpoint at the edge: `/mcp` on the site's own Cloudflare Pages deployment
 * (build/_worker.js and build/_routes.json, mcp/edgeBuild.ts), under `wrangler pages dev`
 * over build/ (workerd, tests/e2e/wrangler.ts), through the SDK's own Streamable HTTP client.
 * It is asked the integration questions of the stdio and `--http` tests (tests/mcp-questions.ts)
 * and must answer byte for byte as the package does (mcp/dist/server.js on stdio, reading the
 * same deployment over HTTP), but for try_in_sandbox, which stays in the package. Then the
 * limits of the hosted mode: a foreign Origin, another method, an oversize body, another path;
 * and only /mcp runs the worker.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { brand } from '../../src/brand';
import { startServer, type ServerProcess } from '../../tools/mcp-client';
import { callOn, EVERY_TOOL, FIRST_HITS, FOREIGN_ORIGINS } from '../mcp-questions';
import { test } from './wrangler';

test.describe.configure({ mode: 'serial' });

/** The tool that calls a sandbox on the reader's machine: the package's only. */
const PACKAGE_ONLY = 'try_in_sandbox';

let edge: Client;
let stdio: ServerProcess;

test.beforeAll(async ({ wrangler }) => {
  edge = new Client({ name: 'docs-mcp-check', version: '1.0.0' });
  await edge.connect(new StreamableHTTPClientTransport(new URL('/mcp', wrangler.origin)));
  // The package, reading the same deployment over HTTP.
  stdio = await startServer(['--site', wrangler.origin]);
});

test.afterAll(async () => {
  await edge?.close();
  await stdio?.close();
});

const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

test.describe('the MCP endpoint at the edge (wrangler pages dev over build/)', () => {
  test('only /mcp runs the worker; the pages stay static files', () => {
    const routes = JSON.parse(fs.readFileSync(path.resolve('build', '_routes.json'), 'utf8'));
    expect(routes).toEqual({ version: 1, include: ['/mcp'], exclude: [] });
  });

  test('it lists the tools of the package but try_in_sandbox, alike, and says that one is in the package', async () => {
    const atEdge = await edge.listTools();
    const onStdio = await stdio.client.listTools();
    expect(atEdge.tools).toEqual(onStdio.tools.filter((t) => t.name !== PACKAGE_ONLY));
    expect(Object.keys(EVERY_TOOL).sort()).toEqual(onStdio.tools.map((t) => t.name).sort());
    expect(edge.getServerVersion()).toEqual(stdio.client.getServerVersion());
    expect(edge.getInstructions()).toMatch(
      /try_in_sandbox, which sends a call to a sandbox on your own machine, is not served here: it is in the npm package \(npx -y crypto-payments-docs-mcp\)/,
    );
    expect(stdio.client.getInstructions()).toContain('try_in_sandbox sends it to the local sandbox.');
  });

  test('every integration question gets the answer the package gives, byte for byte', async () => {
    for (const [name, args] of Object.entries(EVERY_TOOL)) {
      if (name === PACKAGE_ONLY) continue;
      // One after the other: wrangler pages dev serves both, and this machine is small.
      const a = await callOn(edge, name, args);
      const b = await callOn(stdio.client, name, args);
      expect(a.isError, `${name}: ${a.text.slice(0, 300)}`).toBe(false);
      expect(a, name).toEqual(b);
    }
    // The searches whose first hit is known, and the section each first hit opens.
    for (const [query] of FIRST_HITS) {
      const a = await callOn(edge, 'search_docs', { query });
      const b = await callOn(stdio.client, 'search_docs', { query });
      expect(a, query).toEqual(b);
      const page = (JSON.parse(a.text) as { hits: Array<{ url: string }> }).hits[0].url;
      expect(await callOn(edge, 'read_page', { page }), page).toEqual(await callOn(stdio.client, 'read_page', { page }));
    }
    // The whole gap report, a whole call, a broken body, and an error result.
    const more: Array<[string, Record<string, unknown>]> = [
      ['list_unknowns', {}],
      ['get_operation', { operation: 'POST /mass-payouts/{id}/send' }],
      ['validate_request', { operation: 'createCharge', body: { ...(EVERY_TOOL.validate_request.body as object), fiat_price: undefined } }],
      ['read_page', { page: '/no-such-page' }],
    ];
    for (const [name, args] of more) expect(await callOn(edge, name, args), name).toEqual(await callOn(stdio.client, name, args));
  });

  test('the package-only tool is not there', async () => {
    const answer = await callOn(edge, PACKAGE_ONLY, EVERY_TOOL[PACKAGE_ONLY]);
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(PACKAGE_ONLY);
  });

  test('a page of another site is refused with 403; the docs site and this machine are served', async ({ request, wrangler }) => {
    for (const origin of FOREIGN_ORIGINS) {
      const answer = await request.post('/mcp', { headers: { ...JSON_RPC, origin }, data: LIST_TOOLS });
      expect(answer.status(), origin).toBe(403);
      expect((await answer.json()).error.message, origin).toMatch(/may not use this server/);
    }
    for (const origin of [wrangler.origin, new URL(brand.siteUrl).origin, 'http://localhost:3000']) {
      const answer = await request.post('/mcp', { headers: { ...JSON_RPC, origin }, data: LIST_TOOLS });
      expect(answer.status(), origin).toBe(200);
    }
  });

  test('GET and DELETE get 405; another path 404 (405 for a POST to a static file)', async ({ request }) => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await request.fetch('/mcp', { method, headers: JSON_RPC });
      expect(answer.status(), method).toBe(405);
      expect(answer.headers().allow).toBe('POST');
      expect((await answer.json()).error.message).toMatch(/POST only/);
    }
    // The worker answers 404 for a path it is sent that is not /mcp (`/mcp/`); Pages' static files answer the
    // rest (_routes.json), and refuse a POST with 405.
    for (const other of ['/mcp/other', '/mcp/', '/other/mcp']) {
      expect((await request.get(other, { maxRedirects: 0 })).status(), other).toBe(404);
      expect([404, 405], other).toContain((await request.post(other, { headers: JSON_RPC, data: LIST_TOOLS })).status());
    }
  });

  test('a body over 1 MB gets 413 with a JSON-RPC error, and the next call is served', async () => {
    await expect(edge.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(2 * 1024 * 1024) } })).rejects.toMatchObject({
      code: 413,
      message: expect.stringMatching(/"jsonrpc":"2.0".*Request body must not exceed 1048576 bytes/),
    });
    expect(JSON.parse((await callOn(edge, 'get_schema', { name: 'Charge' })).text).name).toBe('Charge');
  });
});
