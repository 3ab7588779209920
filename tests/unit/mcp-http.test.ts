/**
 * The MCP server's hosted mode (`--http`), through the SDK's Streamable HTTP
 * client, against the production build served locally and the local sandbox:
 * every tool is served as on stdio, the limits hold (a body over 1 MB gets 413
 * before it is read, another method or path is refused, a Host header that is
 * not the server's is refused), and a bare port binds to loopback. Expected
 * values come from the stdio server and the build's files, never from mcp/.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { requestExamples, call as documentedCall } from '../openapi';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { serveBuild } from '../../tools/servers';
import { SERVER_JS, startHostedServer, startServer, type HostedServer, type ServerProcess } from '../../tools/mcp-client';
import { assertBuilt, BUILD_DIR } from './build-output';

let site: { base: string; stop: () => void };
let sandbox: RunningSandbox;
let hosted: HostedServer;
let client: Client;
let stdio: ServerProcess;

before(async () => {
  assertBuilt();
  [site, sandbox] = await Promise.all([serveBuild(BUILD_DIR, '/llms.txt'), startSandbox()]);
  const args = ['--site', site.base, '--sandbox', sandbox.baseUrl];
  [hosted, stdio] = await Promise.all([startHostedServer(args), startServer(args)]);
  client = await hosted.connect();
});

after(async () => {
  await hosted?.stop();
  await stdio?.close();
  await sandbox?.stop();
  site?.stop();
});

type Answer = { isError: boolean; text: string };

async function callOn(target: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await target.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text?: string }>;
  return { isError: result.isError === true, text: content.map((c) => c.text ?? '').join('\n') };
}

const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p) => [p.name, p.example]));
const fixedPrice = () => Object.fromEntries(requestExamples(documentedCall('createCharge'))).fixedPrice;

/** A call of each tool, with the arguments a reader would give. */
const EVERY_TOOL: Record<string, Record<string, unknown>> = {
  search_docs: { query: 'create a fixed-price charge' },
  read_page: { page: '/guides/charges/creating#fixed-price' },
  list_pages: { section: 'guides' },
  get_operation: { operation: 'createCharge', responses: false },
  get_schema: { name: 'Charge' },
  list_operations: { tag: 'Charges' },
  validate_request: { operation: 'createCharge', body: fixedPrice() },
  try_in_sandbox: { operation: 'getConvertToken', query, token: 't' },
  list_unknowns: { topic: 'webhook' },
};

test('--http serves every tool the stdio server has, with the same answers', async () => {
  const [overHttp, overStdio] = await Promise.all([client.listTools(), stdio.client.listTools()]);
  assert.deepEqual(overHttp.tools, overStdio.tools);
  assert.deepEqual(overHttp.tools.map((t) => t.name).sort(), Object.keys(EVERY_TOOL).sort(), 'the test calls every tool');
  for (const [name, args] of Object.entries(EVERY_TOOL)) {
    const [a, b] = await Promise.all([callOn(client, name, args), callOn(stdio.client, name, args)]);
    assert.equal(a.isError, false, `${name}: ${a.text.slice(0, 300)}`);
    assert.deepEqual(a, b, name);
  }
  // Each request is served on its own (stateless): a second client, and calls at once.
  const other = await hosted.connect();
  const names = await Promise.all([1, 2, 3].map(() => callOn(other, 'get_schema', { name: 'Charge' })));
  for (const answer of names) assert.equal(JSON.parse(answer.text).name, 'Charge');
});

/** A raw request to the server (node:http, which lets a test set the Host header). */
function raw(
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(hosted.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        // A connection of its own: a request that declared a body it never sent leaves its connection waiting for it.
        agent: false,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

test('--http refuses a body over 1 MB with 413 and a JSON-RPC error, before reading it, and serves the next call', async () => {
  for (const megabytes of [2, 11]) {
    await assert.rejects(
      client.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(megabytes * 1024 * 1024) } }),
      (error: Error & { code?: number }) => {
        assert.equal(error.code, 413);
        assert.match(error.message, /"jsonrpc":"2.0".*Request body must not exceed 1048576 bytes/);
        return true;
      },
    );
    assert.equal(JSON.parse((await callOn(client, 'get_schema', { name: 'Charge' })).text).name, 'Charge');
  }
  // A declared length over the limit is refused without a byte of the body.
  const declared = await raw('POST', '/mcp', undefined, { 'content-length': String(2 * 1024 * 1024) });
  assert.equal(declared.status, 413);
});

test('--http answers POST /mcp only, and refuses a Host header that is not its own', async () => {
  const get = await raw('GET', '/mcp', undefined);
  assert.equal(get.status, 405);
  assert.match(JSON.parse(get.text).error.message, /POST only/);
  assert.equal((await raw('POST', '/other', LIST_TOOLS)).status, 404);
  // DNS rebinding: a page of another site that resolves to 127.0.0.1 sends its own host name.
  const rebound = await raw('POST', '/mcp', LIST_TOOLS, { host: `attacker.example:${new URL(hosted.url).port}` });
  assert.equal(rebound.status, 403);
  const own = await raw('POST', '/mcp', LIST_TOOLS, { host: `localhost:${new URL(hosted.url).port}` });
  assert.equal(own.status, 200);
  assert.ok(JSON.parse(own.text).result.tools.length > 0);
});

test('a bare --http PORT or :PORT listens on 127.0.0.1', async () => {
  for (const value of ['0', ':0']) {
    const child = spawn(process.execPath, [SERVER_JS, '--http', value, '--site', site.base], { stdio: ['ignore', 'ignore', 'pipe'] });
    let printed = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        printed += chunk;
        const listening = /listening on (\S+)\n/.exec(printed);
        if (listening) resolve(listening[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${printed}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/, value);
  }
});
