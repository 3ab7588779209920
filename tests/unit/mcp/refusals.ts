/**
 * What the MCP server refuses, over stdio, as the package ships it, against
 * the production build served locally and the local sandbox (./harness.ts):
 * bad input, a message over 1 MB or not
 * JSON, a site that does not answer, a sandbox that is down or redirects, and
 * the command line (a site or sandbox it does not take, --help, unknown
 * options); each refusal names the problem, and the server goes on. The
 * messages expected are written here from what the reader gave; the bodies sent
 * are the OpenAPI document's examples; nothing is taken from mcp/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brand } from '../../../src/brand';
import type { DocumentNode } from '../../../src/openapi/document';
import { SERVER_JS, startServer } from '../../../harness/mcp-client';
import { freePort } from '../../../harness/servers';
import { fixedPrice, ROOT, useMcpServer } from './harness';

const mcp = useMcpServer();
const { callOn, ok, refused } = mcp;

test('bad input gets an error result naming the problem, and the server serves the next call', async () => {
  const next = async () => assert.equal(((await ok('get_schema', { name: 'Charge' })) as DocumentNode).name, 'Charge');

  assert.match(await refused('read_page', { page: '/guides/no-such-page' }), /No page at \/guides\/no-such-page .*404/);
  await next();
  assert.match(await refused('read_page', { page: 'https://elsewhere.example/guides' }), /not the docs site/);
  await next();
  assert.match(await refused('get_operation', { operation: 'createChrage' }), /No operation "createChrage".*Did you mean createCharge/);
  await next();
  assert.match(await refused('get_operation', { operation: 'PATCH /charges' }), /\/charges takes GET, POST, not PATCH/);
  await next();
  assert.match(await refused('get_schema', { name: 'Chrage' }), /No schema "Chrage".*Charge/);
  await next();
  assert.match(
    await refused('search_docs', { query: 'refund '.repeat(1429).slice(0, 10_000) }),
    /query is 10000 characters long.*at most 256/,
  );
  await next();
  assert.match(await refused('validate_request', { operation: 'createCharge', body: '{"project_id": ' }), /The body is not JSON/);
  await next();
  assert.match(
    await refused('try_in_local_sandbox', { operation: 'createCharge', body: 'pricing_type=fixed_price' }),
    /The body is not JSON/,
  );
  await next();

  // Names that every object inherits are no schema's.
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    assert.match(await refused('get_schema', { name }), new RegExp(`No schema "${name}"`));
    await next();
  }
  // A page that is not an http(s) URL is named as given.
  for (const page of ['file:///etc/passwd', 'javascript:alert(1)']) {
    const message = await refused('read_page', { page });
    assert.ok(message.includes(`"${page}" is a ${page.split(':')[0]}: URL`) && !message.includes('null'), message);
    await next();
  }
  // try_in_local_sandbox sends to the local sandbox only: an operation with a host is refused, not sent to the sandbox.
  for (const operation of ['GET http://example.com/charges', `GET ${brand.sandboxApiUrl}/charges`]) {
    const message = await refused('try_in_local_sandbox', { operation, token: 't' });
    assert.match(message, /not on a server of the API|local sandbox .* only/);
    assert.ok(!message.includes('npm run local-sandbox`'), `no "is it running" hint: ${message}`);
    await next();
  }
  assert.match(await refused('get_operation', { operation: 'GET http://example.com/charges' }), /not on a server of the API/);
  await next();
  // No argument is dropped: a body for a call without one, a query parameter the call does not take, a token no header can carry.
  const sandboxRefusals: Array<[Record<string, unknown>, RegExp]> = [
    [{ operation: 'GET /charges', body: { a: 1 }, token: 't' }, /takes no body: nothing was sent/],
    [{ operation: 'GET /charges', query: { colour: 'red' }, token: 't' }, /takes no query parameter colour; its query parameters: /],
    [{ operation: 'GET /charges?colour=red', token: 't' }, /takes no query parameter colour/],
    [{ operation: 'GET /charges?limit=1', query: { limit: 2 }, token: 't' }, /limit is given twice/],
    [{ operation: 'GET /charges', token: 'a\nb' }, /line break/],
  ];
  for (const [args, expected] of sandboxRefusals) {
    const message = await refused('try_in_local_sandbox', args);
    assert.match(message, expected);
    assert.ok(!/Is it running/.test(message), `no "is it running" hint: ${message}`);
    await next();
  }
  // The query an operation string carries is sent.
  const limited = (await ok('try_in_local_sandbox', { operation: 'GET /charges?limit=1', token: 't' })) as DocumentNode;
  assert.equal(new URL(limited.request.url).searchParams.get('limit'), '1');
});

test('a message over 1 MB on stdio is refused unread with an error for its request, and the server goes on', async () => {
  // The server's own refusal, not the client's time-out (whose message differs); how soon: npm run bench:mcp.
  for (const megabytes of [2, 11]) {
    await assert.rejects(
      mcp.server.client.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(megabytes * 1024 * 1024) } }),
      /Request too large: the message is \d+ bytes, and this server reads at most 1048576 bytes/,
    );
    assert.equal(((await ok('get_schema', { name: 'Charge' })) as DocumentNode).name, 'Charge');
  }
  // A notification over the limit gets no answer (JSON-RPC answers no notification), and the server goes on.
  await mcp.server.client.transport!.send({
    jsonrpc: '2.0',
    method: 'notifications/padded',
    params: { padding: 'x'.repeat(3 * 1024 * 1024) },
  });
  assert.equal(((await ok('get_schema', { name: 'Charge' })) as DocumentNode).name, 'Charge');
  assert.match(mcp.server.stderr(), /Request too large: the message is 3\d{6} bytes/);
});

test('a message that is not JSON gets a JSON-RPC parse error (-32700) with a null id, and the server goes on', async () => {
  const child = spawn(process.execPath, [SERVER_JS, '--site', mcp.site.base], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const answers = async (count: number) => {
    for (let i = 0; i < 100 && stdout.split('\n').filter(Boolean).length < count; i += 1) await new Promise((r) => setTimeout(r, 100));
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as DocumentNode);
  };
  try {
    child.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    child.stdin.write('\n');
    const [parseError] = await answers(1);
    assert.deepEqual({ ...parseError, error: { code: parseError.error.code } }, { jsonrpc: '2.0', id: null, error: { code: -32700 } });
    assert.match(parseError.error.message, /not JSON/);
    const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: init })}\n`);
    const [, initialized] = await answers(2);
    assert.equal(initialized.id, 2);
    assert.equal(initialized.result.serverInfo.name, 'crypto-payments-docs', 'a blank line got no answer; the next message did');
  } finally {
    child.kill();
  }
});

test('get_operation and the refusals name the sandbox the server was given, not the document’s default port', async () => {
  const answer = (await ok('get_operation', { operation: 'createCharge', responses: false })) as DocumentNode;
  const urls = (answer.urls as Array<{ url: string }>).map((u) => u.url);
  assert.ok(urls.includes(`${mcp.sandbox.baseUrl}/charges`), urls.join(', '));
  assert.ok(!JSON.stringify(answer).includes(new URL(brand.localSandboxApiUrl).host), 'no word of the default port');
  const message = await refused('get_operation', { operation: 'GET http://example.com/charges' });
  assert.ok(message.includes(new URL(mcp.sandbox.baseUrl).origin) && !message.includes(new URL(brand.localSandboxApiUrl).host), message);
});

test('a site that does not answer, and a sandbox that is down, get error results that say so', async () => {
  const [deadSite, deadSandbox] = [await freePort(), await freePort()];
  const offline = await startServer(['--site', `http://127.0.0.1:${deadSite}`, '--local-sandbox', `http://127.0.0.1:${deadSandbox}/v2.0`]);
  const noSandbox = await startServer(['--site', mcp.site.base, '--local-sandbox', `http://127.0.0.1:${deadSandbox}/v2.0`]);
  try {
    for (const [name, args] of [
      ['search_docs', { query: 'charge' }],
      ['read_page', { page: '/guides/charges' }],
      ['get_operation', { operation: 'createCharge' }],
      ['list_unknowns', {}],
    ] as const) {
      const message = await refused(name, args, offline);
      assert.match(message, new RegExp(`The docs site at http://127\\.0\\.0\\.1:${deadSite} did not answer \\(connection refused`), name);
    }
    const down = await refused('try_in_local_sandbox', { operation: 'createCharge', body: fixedPrice(), token: 't' }, noSandbox);
    assert.match(down, new RegExp(`local sandbox at http://127\\.0\\.0\\.1:${deadSandbox} did not answer.*npm run local-sandbox`));
    // Both still serve.
    assert.equal((await callOn(noSandbox, 'get_schema', { name: 'Charge' })).isError, false);
    assert.match(await refused('get_schema', { name: 'Charge' }, offline), /did not answer/);
  } finally {
    await Promise.all([offline.close(), noSandbox.close()]);
  }
});

test('a sandbox that answers but is refused says what happened, with no "is it running" hint', async () => {
  // A "sandbox" on this machine that answers every call with a redirect to another host.
  const redirecting = http.createServer((_req, res) => res.writeHead(302, { location: 'http://example.com/v2.0/charges' }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  const port = (redirecting.address() as AddressInfo).port;
  const target = await startServer(['--site', mcp.site.base, '--local-sandbox', `http://127.0.0.1:${port}/v2.0`]);
  try {
    const message = await refused('try_in_local_sandbox', { operation: 'createCharge', body: fixedPrice(), token: 't' }, target);
    assert.match(message, /answered with a redirect to http:\/\/example\.com, another host: not followed/);
    assert.ok(!/Is it running/.test(message), message);
  } finally {
    await target.close();
    await new Promise((resolve) => redirecting.close(resolve));
  }
});

/** Runs the built server with `args` and stdin closed; its exit code and output. */
async function runServer(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SERVER_JS, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCS_MCP_SITE: '', DOCS_MCP_LOCAL_SANDBOX: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
  return { code, stdout, stderr };
}

test('the server refuses a sandbox that is not on this machine, and a site that is not an http(s) URL', async () => {
  for (const args of [
    ['--local-sandbox', 'http://api.crypto-payments.example/v2.0'],
    ['--site', 'file:///etc'],
  ]) {
    // stdin is closed: a server that starts anyway ends at once (or is killed after 20 s) instead of waiting.
    const { code, stderr } = await runServer(args);
    assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
    assert.match(stderr, args[0] === '--local-sandbox' ? /--local-sandbox must be on this machine/ : /--site must be an http\(s\) URL/);
  }
  // A value from the environment is named by its variable, not by the option the reader did not use.
  for (const [variable, value, expected] of [
    ['DOCS_MCP_SITE', 'not a url', /DOCS_MCP_SITE must be an http\(s\) URL, got "not a url"/],
    ['DOCS_MCP_LOCAL_SANDBOX', 'http://api.crypto-payments.example/v2.0', /DOCS_MCP_LOCAL_SANDBOX must be on this machine/],
  ] as const) {
    const { code, stderr } = await runServer([], { [variable]: value });
    assert.equal(code, 2, stderr);
    assert.match(stderr, expected);
    assert.ok(!/--site|--local-sandbox must/.test(stderr), stderr);
  }
});

test('--help and -h list every option, both environment variables and the default site; an unknown option is an error', async () => {
  for (const flag of ['--help', '-h']) {
    const { code, stdout } = await runServer([flag]);
    assert.equal(code, 0);
    for (const word of [
      '--site',
      '--local-sandbox',
      '--http',
      '--help',
      '-h',
      '--version',
      'DOCS_MCP_SITE',
      'DOCS_MCP_LOCAL_SANDBOX',
      brand.siteUrl,
    ]) {
      assert.ok(stdout.includes(word), `${flag} names ${word}`);
    }
    assert.match(stdout, /Inspector/);
  }
  for (const args of [['--stie', 'http://127.0.0.1:3000'], ['extra'], ['--site'], ['--http', 'nine'], ['--site', 'a', '--site', 'b']]) {
    const { code, stdout, stderr } = await runServer(args);
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.match(
      stderr,
      /unknown option --stie|unexpected argument "extra"|--site takes a value|--http takes \[HOST:\]PORT|--site is given twice/,
    );
  }
});
