/**
 * What the tests of the MCP server share (the suites of this folder, run in one process by
 * tests/unit/mcp.test.ts): `useMcpServer()` starts, once for the process, the production build served
 * in this process, the local sandbox, and the server as the package ships it (mcp/dist/server.js, built
 * by `npm run mcp:build`) twice over them: on stdio through the SDK's own client, with every connection
 * it tries logged (tests/connection-log.ts), and in its hosted mode (`--http`). Also the helpers that read
 * expected values from the OpenAPI document and the build's own files (its twins, unknowns.json), never
 * from mcp/.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { DocumentNode } from '../../../src/openapi/document';
import { startHostedServer, startServer, type HostedServer, type ServerProcess } from '../../../harness/mcp-client';
import { call as documentedCall, deref, requestExamples } from '../../openapi';
import { startSandbox, type RunningSandbox } from '../../../harness/local-sandbox';
import { serveBuild } from '../../../harness/servers';
import { assertBuilt, BUILD_DIR } from '../build-output';

export const ROOT = path.resolve(__dirname, '../../..');
const CONNECTION_LOG = path.join(ROOT, 'tests/connection-log.ts');

type Answer = { isError: boolean; text: string };

async function callOn(target: ServerProcess, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await target.client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text?: string }>;
  return { isError: result.isError === true, text: content.map((c) => c.text ?? '').join('\n') };
}

type Harness = ReturnType<typeof startHarness>;
let harness: Harness | undefined;

/**
 * The servers of the process, started in the `before` hook that the first call registers (at the top level of a
 * suite) and stopped after its last test; every later call returns the same. Read `site`, `sandbox`, `server`
 * (stdio) and `hosted` through the object it returns, in the tests; `testConnections()` ends the run.
 */
export function useMcpServer(): Harness {
  harness ??= startHarness();
  return harness;
}

function startHarness() {
  let site: { base: string; stop: () => void };
  let sandbox: RunningSandbox;
  let server: ServerProcess;
  let hosted: HostedServer;
  let hostedClient: Client;

  // The one `before` of the process: Node 20 runs a file's top-level `before` hooks at the same time, not in turn.
  before(async () => {
    assertBuilt();
    [site, sandbox] = await Promise.all([serveBuild(BUILD_DIR), startSandbox()]);
    const args = ['--site', site.base, '--local-sandbox', sandbox.baseUrl];
    [server, hosted] = await Promise.all([
      startServer(args, { nodeArgs: ['--import', 'tsx', '--import', CONNECTION_LOG] }),
      startHostedServer(args),
    ]);
    hostedClient = await hosted.connect();
  });

  after(async () => {
    await hostedClient?.close();
    await Promise.all([server?.close(), hosted?.stop(), sandbox?.stop()]);
    site?.stop();
  });

  /** The tool's answer, parsed when it is JSON; fails the test on an error result. */
  async function ok(name: string, args: Record<string, unknown>): Promise<DocumentNode> {
    const answer = await callOn(server, name, args);
    assert.equal(answer.isError, false, `${name}(${JSON.stringify(args).slice(0, 200)}) failed: ${answer.text}`);
    return name === 'read_page' ? answer.text : JSON.parse(answer.text);
  }

  /** The tool's error message; fails the test when the call succeeds. */
  async function refused(name: string, args: Record<string, unknown>, target = server): Promise<string> {
    const answer = await callOn(target, name, args);
    assert.equal(answer.isError, true, `${name} should fail, answered: ${answer.text.slice(0, 300)}`);
    return answer.text;
  }

  const siteUrl = (route: string) => `${site.base}${route}`;

  /** Registers the last test of the run: which hosts its stdio server tried to reach. */
  function testConnections() {
    test('no tool reached a host other than the site and the local sandbox', async () => {
      // The calls that use the network, made here so that the log holds them whichever tests ran before.
      const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
      for (const [name, args] of [
        ['search_docs', { query: 'charge' }],
        ['read_page', { page: '/guides/charges/creating' }],
        ['get_operation', { operation: 'createCharge' }],
        ['list_unknowns', {}],
        ['try_in_local_sandbox', { operation: 'getConvertToken', query, token: 't' }],
      ] as const) {
        await ok(name, args);
      }
      const reached = new Set([...server.stderr().matchAll(/^\[connection\] (\S+)$/gm)].map((m) => m[1]));
      assert.deepEqual([...reached].sort(), [new URL(site.base).host, new URL(sandbox.baseUrl).host].sort());
    });
  }

  return {
    get site() {
      return site;
    },
    get sandbox() {
      return sandbox;
    },
    get server() {
      return server;
    },
    get hosted() {
      return hosted;
    },
    /** A client of the hosted server, connected in the `before` hook. */
    get hostedClient() {
      return hostedClient;
    },
    callOn,
    ok,
    refused,
    siteUrl,
    testConnections,
  };
}

export const twinOnDisk = (route: string) => fs.readFileSync(path.join(BUILD_DIR, `${route}.md`), 'utf8');
export const fixedPrice = () => structuredClone(Object.fromEntries(requestExamples(documentedCall('createCharge'))).fixedPrice);

type UnknownMark = { route: string; heading: string; topic: string; text: string };
export const unknownMarks = () =>
  (JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8')) as { unknowns: UnknownMark[] }).unknowns;

/** The component schemas a node of the document uses, following $refs (the test's own walk). */
export function schemasUsed(node: DocumentNode, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => schemasUsed(item, found));
  else if (node && typeof node === 'object') {
    const ref = node.$ref as string | undefined;
    const name = ref?.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
    if (name && !found.has(name)) {
      found.add(name);
      schemasUsed(deref(node), found);
    } else if (ref && !name) schemasUsed(deref(node), found);
    Object.values(node).forEach((value) => schemasUsed(value, found));
  }
  return found;
}
