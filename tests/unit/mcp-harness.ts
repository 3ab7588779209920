/**
 * What the tests of the MCP server over stdio share (tests/unit/mcp.test.ts,
 * mcp-pages.test.ts and mcp-refusals.test.ts): `useMcpServer()` starts, for
 * the test file that calls it, the server as the package ships it
 * (mcp/dist/server.js, built by `npm run mcp:build`), through the SDK's own
 * client over stdio, against the production build served locally
 * (`docusaurus serve` on a free port) and the local sandbox on another, with
 * every connection it tries logged (tests/connection-log.ts); and the helpers
 * that read expected values from the OpenAPI document and the build's own
 * files (its twins, unknowns.json), never from mcp/.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentNode } from '../../src/openapi/document';
import { startServer, type ServerProcess } from '../../tools/mcp-client';
import { call as documentedCall, deref, requestExamples } from '../openapi';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { serveBuild } from '../../tools/servers';
import { assertBuilt, BUILD_DIR } from './build-output';

export const ROOT = path.resolve(__dirname, '../..');
const CONNECTION_LOG = path.join(ROOT, 'tests/connection-log.ts');
const HEAP_MB = 96;

type Answer = { isError: boolean; text: string };

async function callOn(target: ServerProcess, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await target.client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text?: string }>;
  return { isError: result.isError === true, text: content.map((c) => c.text ?? '').join('\n') };
}

/**
 * Registers the `before` and `after` hooks of the test file that calls it (at its top level): the build served, the
 * sandbox and the server started before its tests, all stopped after. Read `site`, `sandbox` and `server` through the
 * object it returns, in the tests (they are set in `before`); its `testConnections()` ends the file.
 */
export function useMcpServer() {
  let site: { base: string; stop: () => void };
  let sandbox: RunningSandbox;
  let server: ServerProcess;

  before(async () => {
    assertBuilt();
    [site, sandbox] = await Promise.all([serveBuild(BUILD_DIR, '/llms.txt'), startSandbox()]);
    // A heap of 96 MB (V8's old space): the server's live data fits with room to spare (npm run bench:mcp measures
    // its memory over many calls).
    server = await startServer(['--site', site.base, '--sandbox', sandbox.baseUrl], {
      nodeArgs: [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', '--import', CONNECTION_LOG],
    });
  });

  after(async () => {
    await server?.close();
    await sandbox?.stop();
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

  /** Registers the last test of the file: which hosts its server tried to reach. */
  function testConnections() {
    test('no tool reached a host other than the site and the local sandbox', async () => {
      // The calls that use the network, made here so that the log holds them whichever tests ran before.
      const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
      for (const [name, args] of [
        ['search_docs', { query: 'charge' }],
        ['read_page', { page: '/guides/charges/creating' }],
        ['get_operation', { operation: 'createCharge' }],
        ['list_unknowns', {}],
        ['try_in_sandbox', { operation: 'getConvertToken', query, token: 't' }],
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
    callOn,
    ok,
    refused,
    siteUrl,
    testConnections,
  };
}

export const twinOnDisk = (route: string) => fs.readFileSync(path.join(BUILD_DIR, `${route}.md`), 'utf8');
export const fixedPrice = () => structuredClone(Object.fromEntries(requestExamples(documentedCall('createCharge'))).fixedPrice);

type Gap = { route: string; heading: string; topic: string; text: string };
export const gaps = () => (JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8')) as { unknowns: Gap[] }).unknowns;

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
