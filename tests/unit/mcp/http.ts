/**
 * The MCP server's hosted mode (`--http`), through the SDK's Streamable HTTP
 * client, against the production build served locally and the local sandbox:
 * every tool is served as on stdio, the limits hold (a body over 1 MB gets 413
 * before it is read, another method or path is refused, a Host header that is
 * not the server's is refused), and a bare port binds to loopback. Expected
 * values come from the stdio server and the build's files, never from mcp/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { callOn, EVERY_TOOL, FOREIGN_ORIGINS } from '../../mcp-questions';
import { SERVER_JS, trickledRequest } from '../../../harness/mcp-client';
import { serveHttp } from '../../../mcp/hosted';
import { brand } from '../../../src/brand';
import { useMcpServer } from './harness';

const mcp = useMcpServer();

test('--http serves every tool the stdio server has, with the same answers', async () => {
  const [overHttp, overStdio] = await Promise.all([mcp.hostedClient.listTools(), mcp.server.client.listTools()]);
  assert.deepEqual(overHttp.tools, overStdio.tools);
  assert.deepEqual(overHttp.tools.map((t) => t.name).sort(), Object.keys(EVERY_TOOL).sort(), 'the test calls every tool');
  for (const [name, args] of Object.entries(EVERY_TOOL)) {
    const [a, b] = await Promise.all([callOn(mcp.hostedClient, name, args), callOn(mcp.server.client, name, args)]);
    assert.equal(a.isError, false, `${name}: ${a.text.slice(0, 300)}`);
    assert.deepEqual(a, b, name);
  }
  // Each request is served on its own (stateless): a second client, and calls at once.
  const other = await mcp.hosted.connect();
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
  const url = new URL(mcp.hosted.url);
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
      mcp.hostedClient.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(megabytes * 1024 * 1024) } }),
      (error: Error & { code?: number }) => {
        assert.equal(error.code, 413);
        assert.match(error.message, /"jsonrpc":"2.0".*Request body must not exceed 1048576 bytes/);
        return true;
      },
    );
    assert.equal(JSON.parse((await callOn(mcp.hostedClient, 'get_schema', { name: 'Charge' })).text).name, 'Charge');
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
  const rebound = await raw('POST', '/mcp', LIST_TOOLS, { host: `attacker.example:${new URL(mcp.hosted.url).port}` });
  assert.equal(rebound.status, 403);
  const own = await raw('POST', '/mcp', LIST_TOOLS, { host: `localhost:${new URL(mcp.hosted.url).port}` });
  assert.equal(own.status, 200);
  assert.ok(JSON.parse(own.text).result.tools.length > 0);
});

test('a bare --http PORT or :PORT listens on 127.0.0.1', async () => {
  for (const value of ['0', ':0']) {
    const child = spawn(process.execPath, [SERVER_JS, '--http', value, '--site', mcp.site.base], { stdio: ['ignore', 'ignore', 'pipe'] });
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

test('--http refuses an Origin that is not the docs site nor this machine with 403, and serves those', async () => {
  const port = new URL(mcp.hosted.url).port;
  for (const origin of FOREIGN_ORIGINS) {
    const answer = await raw('POST', '/mcp', LIST_TOOLS, { origin });
    assert.equal(answer.status, 403, origin);
    assert.match(JSON.parse(answer.text).error.message, /may not use this server/, origin);
  }
  for (const origin of [mcp.site.base, new URL(brand.siteUrl).origin, `http://localhost:${port}`]) {
    const answer = await raw('POST', '/mcp', LIST_TOOLS, { origin });
    assert.equal(answer.status, 200, origin);
  }
  // No Origin at all (not a browser): served.
  assert.equal((await raw('POST', '/mcp', LIST_TOOLS)).status, 200);
});

/** The hosted mode in this process with limits small enough to test, serving a server with no tools. */
async function smallHosted(limits: { requestTimeoutMs?: number; maxConnections?: number; maxConnectionsPerAddress?: number }) {
  return serveHttp({ host: '127.0.0.1', port: 0 }, () => new McpServer({ name: 'limits', version: '0' }), 1024 * 1024, limits);
}

test('--http cuts a request that does not arrive whole within the time limit: 408 with a JSON-RPC error', async () => {
  // How soon it is cut is a row of npm run bench:mcp.
  const server = await smallHosted({ requestTimeoutMs: 400 });
  try {
    const { answer } = await trickledRequest(server.url);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.match(answer, /"jsonrpc":"2.0".*must arrive whole within 0.4 s/);
  } finally {
    await server.close();
  }
});

// The bound is a hang guard: the refusals come at once.
test(
  '--http: one client holding 128 idle sockets keeps 16, the other 112 get 503, and another client is served',
  { timeout: 20_000 },
  async () => {
    // The server's own caps (128 open, 16 from one address): the idle client is another loopback address.
    const server = await smallHosted({});
    const { hostname, port } = new URL(server.url);
    const idle: net.Socket[] = [];
    const refusals: string[] = [];
    try {
      await new Promise<void>((resolve) => {
        for (let i = 0; i < 128; i += 1) {
          let text = '';
          const socket = net.connect({ host: hostname, port: Number(port), localAddress: '127.0.0.2' });
          idle.push(socket);
          socket.on('data', (chunk) => (text += chunk.toString('latin1')));
          socket.on('error', () => undefined);
          socket.on('end', () => {
            refusals.push(text);
            if (refusals.length === 112) resolve();
          });
        }
      });
      assert.deepEqual([...new Set(refusals.map((text) => text.split('\r\n')[0]))], ['HTTP/1.1 503 Service Unavailable']);
      assert.ok(refusals.every((text) => text.includes('more than 16 connections are open from your address')));
      const served = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: LIST_TOOLS,
      });
      assert.equal(served.status, 200, 'another client is served while the 16 idle sockets are open');
      await served.body?.cancel();
      assert.equal(idle.filter((socket) => !socket.readableEnded).length, 16);
    } finally {
      idle.forEach((socket) => socket.destroy());
      await server.close();
    }
  },
);

test('--http caps open connections: one past the cap gets 503 with a JSON-RPC error, and the server serves again once they close', async () => {
  const server = await smallHosted({ maxConnections: 3 });
  const { hostname, port } = new URL(server.url);
  const idle: net.Socket[] = [];
  try {
    for (let i = 0; i < 3; i += 1) {
      idle.push(
        await new Promise<net.Socket>((resolve) => {
          const socket = net.connect({ host: hostname, port: Number(port) }, () => resolve(socket));
        }),
      );
    }
    const refused = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: LIST_TOOLS,
    });
    assert.equal(refused.status, 503);
    assert.match((await refused.json()).error.message, /more than 3 connections/);
    idle.forEach((socket) => socket.destroy());
    // The server sees the connections close a moment later.
    let status = 0;
    for (let tries = 0; tries < 30 && status !== 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const served = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: LIST_TOOLS,
      });
      status = served.status;
      await served.body?.cancel();
    }
    assert.equal(status, 200, 'served again once the connections closed');
  } finally {
    idle.forEach((socket) => socket.destroy());
    await server.close();
  }
});
