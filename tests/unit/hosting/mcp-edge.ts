/**
 * The MCP endpoint at the edge: `/mcp` on the site's own Cloudflare Pages deployment (build/_worker.js and
 * build/_routes.json, mcp/build.ts), under workerd, through the SDK's own Streamable HTTP client. It is
 * asked the integration questions of the stdio and `--http` tests (tests/mcp-questions.ts) and must answer
 * byte for byte as the package does (mcp/dist/server.js on stdio, reading the same deployment over HTTP),
 * but for try_in_local_sandbox, which stays in the package. Then the limits of the hosted mode: a foreign Origin,
 * another method, an oversize body, another path; and only /mcp runs the worker.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { brand } from '../../../src/brand';
import { startServer, type ServerProcess } from '../../../harness/mcp-client';
import { startWrangler, type RunningWrangler } from '../../../harness/wrangler';
import { callOn, EVERY_TOOL, FIRST_HITS, FOREIGN_ORIGINS } from '../../mcp-questions';
import { BUILD_DIR } from '../build-output';
import { hosts } from './hosts';

/** The tool that calls a sandbox on the reader's machine: the package's only. */
const PACKAGE_ONLY = 'try_in_local_sandbox';
const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the MCP endpoint at the edge (wrangler pages dev over build/)', () => {
  let edge: Client;
  let stdio: ServerProcess;
  const post = (pathname: string, headers: Record<string, string>, body = LIST_TOOLS, method = 'POST') =>
    hosts.wrangler.fetch(new URL(pathname, hosts.wrangler.origin), {
      method,
      headers,
      body: method === 'POST' ? body : undefined,
      redirect: 'manual',
    });

  before(async () => {
    edge = new Client({ name: 'docs-mcp-check', version: '1.0.0' });
    // Through wrangler.fetch: a call that wrangler's proxy drops while it swaps its runtime is sent again (harness/wrangler.ts).
    await edge.connect(new StreamableHTTPClientTransport(new URL('/mcp', hosts.wrangler.origin), { fetch: hosts.wrangler.fetch }));
    // The package, reading the same deployment over HTTP.
    stdio = await startServer(['--site', hosts.wrangler.origin]);
  });

  after(async () => {
    if (hosts.wrangler.resent()) console.log(`# ${hosts.wrangler.resent()} requests sent again: wrangler's proxy swapped its runtime`);
    await edge?.close();
    await stdio?.close();
  });

  test('only /mcp runs the worker; the pages stay static files', () => {
    const routes = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, '_routes.json'), 'utf8'));
    assert.deepEqual(routes, { version: 1, include: ['/mcp'], exclude: [] });
  });

  test('it lists the tools of the package but try_in_local_sandbox, alike, and says that one is in the package', async () => {
    const atEdge = await edge.listTools();
    const onStdio = await stdio.client.listTools();
    assert.deepEqual(
      atEdge.tools,
      onStdio.tools.filter((t) => t.name !== PACKAGE_ONLY),
    );
    assert.deepEqual(Object.keys(EVERY_TOOL).sort(), onStdio.tools.map((t) => t.name).sort());
    assert.deepEqual(edge.getServerVersion(), stdio.client.getServerVersion());
    // The package's npm name is no command for an assistant until the brand says the package is published.
    const instructions = edge.getInstructions() ?? '';
    assert.match(instructions, /try_in_local_sandbox, which sends a call to a sandbox on your own machine, is not served here/);
    if (brand.mcp.published) assert.ok(instructions.includes(`npx -y ${brand.mcp.packageName}`));
    else {
      assert.doesNotMatch(instructions, /npx|npm install/);
      assert.ok(instructions.includes(brand.repositoryUrl));
    }
    assert.ok(stdio.client.getInstructions()?.includes('try_in_local_sandbox sends it to the local sandbox.'));
  });

  test('every integration question gets the answer the package gives, byte for byte', async () => {
    for (const [name, args] of Object.entries(EVERY_TOOL)) {
      if (name === PACKAGE_ONLY) continue;
      const [a, b] = [await callOn(edge, name, args), await callOn(stdio.client, name, args)];
      assert.equal(a.isError, false, `${name}: ${a.text.slice(0, 300)}`);
      assert.deepEqual(a, b, name);
    }
    // The searches whose first hit is known, and the section each first hit opens.
    for (const [query] of FIRST_HITS) {
      const a = await callOn(edge, 'search_docs', { query });
      assert.deepEqual(a, await callOn(stdio.client, 'search_docs', { query }), query);
      const page = (JSON.parse(a.text) as { hits: Array<{ url: string }> }).hits[0].url;
      assert.deepEqual(await callOn(edge, 'read_page', { page }), await callOn(stdio.client, 'read_page', { page }), page);
    }
    // The whole unknowns report, a whole call, a broken body, and an error result.
    const more: Array<[string, Record<string, unknown>]> = [
      ['list_unknowns', {}],
      ['get_operation', { operation: 'POST /mass-payouts/{id}/send' }],
      ['validate_request', { operation: 'createCharge', body: { ...(EVERY_TOOL.validate_request.body as object), fiat_price: undefined } }],
      ['read_page', { page: '/no-such-page' }],
    ];
    for (const [name, args] of more) assert.deepEqual(await callOn(edge, name, args), await callOn(stdio.client, name, args), name);
  });

  test('20 calls at once are all answered, each as it is answered alone', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ...Object.entries(EVERY_TOOL).filter(([name]) => name !== PACKAGE_ONLY),
      ...FIRST_HITS.map(([query]): [string, Record<string, unknown>] => ['search_docs', { query }]),
      ...FIRST_HITS.map(([, page]): [string, Record<string, unknown>] => ['read_page', { page }]),
      ['list_unknowns', {}],
      ['get_schema', { name: 'MassPayout' }],
    ];
    assert.equal(calls.length, 20);
    const alone = [];
    for (const [name, args] of calls) alone.push(await callOn(edge, name, args));
    const together = await Promise.all(calls.map(([name, args]) => callOn(edge, name, args))).catch((error: unknown) => {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\nwrangler printed:\n${hosts.wrangler.output().slice(-3000)}`,
      );
    });
    assert.deepEqual(together, alone);
    assert.deepEqual(
      together.filter((answer) => answer.isError),
      [],
    );
  });

  test('the package-only tool is not there', async () => {
    const answer = await callOn(edge, PACKAGE_ONLY, EVERY_TOOL[PACKAGE_ONLY]);
    assert.equal(answer.isError, true);
    assert.ok(answer.text.includes(PACKAGE_ONLY));
  });

  test('a page of another site is refused with 403; the docs site and this machine are served', async () => {
    for (const origin of FOREIGN_ORIGINS) {
      const answer = await post('/mcp', { ...JSON_RPC, origin });
      assert.equal(answer.status, 403, origin);
      assert.match((await answer.json()).error.message, /may not use this server/, origin);
    }
    for (const origin of [hosts.wrangler.origin, new URL(brand.siteUrl).origin, 'http://localhost:3000']) {
      const answer = await post('/mcp', { ...JSON_RPC, origin });
      assert.equal(answer.status, 200, origin);
      await answer.arrayBuffer();
    }
  });

  test('GET and DELETE get 405; another path 404 (405 for a POST to a static file)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await post('/mcp', JSON_RPC, undefined, method);
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.get('allow'), 'POST');
      assert.match((await answer.json()).error.message, /POST only/);
    }
    // The worker answers 404 for a path it is sent that is not /mcp (`/mcp/`); Pages' static files answer the
    // rest (_routes.json), and refuse a POST with 405.
    for (const other of ['/mcp/other', '/mcp/', '/other/mcp']) {
      const got = await post(other, JSON_RPC, undefined, 'GET');
      assert.equal(got.status, 404, other);
      await got.arrayBuffer();
      const posted = await post(other, JSON_RPC);
      assert.ok([404, 405].includes(posted.status), `${other}: ${posted.status}`);
      await posted.arrayBuffer();
    }
  });

  test('a body over 1 MB gets 413 with a JSON-RPC error, and the next call is served', async () => {
    await assert.rejects(
      edge.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(2 * 1024 * 1024) } }),
      (error: Error & { code?: number }) => {
        assert.equal(error.code, 413);
        assert.match(error.message, /"jsonrpc":"2.0".*Request body must not exceed 1048576 bytes/);
        return true;
      },
    );
    assert.equal(JSON.parse((await callOn(edge, 'get_schema', { name: 'Charge' })).text).name, 'Charge');
  });
});

describe('the MCP endpoint of a build with hosted DocSearch (no built-in index), under workerd', () => {
  let folder: string;
  let host: RunningWrangler;
  let edge: Client;

  before(async () => {
    // The build as a hosted-search build publishes it: no search-index.json; its worker built by the build's own step.
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-hosted-edge-'));
    fs.cpSync(BUILD_DIR, folder, { recursive: true, filter: (file) => !/(search-index\.json|_worker\.js)$/.test(file) });
    execFileSync(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../../../mcp/build.ts'), '--edge', folder], {
      stdio: 'inherit',
    });
    host = await startWrangler(folder);
    edge = new Client({ name: 'docs-mcp-check', version: '1.0.0' });
    await edge.connect(new StreamableHTTPClientTransport(new URL('/mcp', host.origin), { fetch: host.fetch }));
  });

  after(async () => {
    await edge?.close();
    await host?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('search_docs is left out, and nothing offers it; the other tools answer', async () => {
    const { tools } = await edge.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      Object.keys(EVERY_TOOL).filter((name) => name !== 'search_docs' && name !== PACKAGE_ONLY),
    );
    assert.doesNotMatch(JSON.stringify(tools) + (edge.getInstructions() ?? ''), /search_docs/);
    const missing = await callOn(edge, 'read_page', { page: '/no-such-page' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /Find pages with list_pages\.$/);
    const page = await callOn(edge, 'read_page', { page: '/guides/charges/creating' });
    assert.equal(page.isError, false, page.text.slice(0, 300));
  });
});
