/**
 * Time limits: one limit for a request and all its redirects, and one deadline for a whole tool call, whatever
 * number of requests it makes. Against servers on this machine that stall or redirect slowly, in this process:
 * the limits are set short here; the server's own are in mcp/limits.ts and mcp/http.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createDocsServer } from '../../../mcp/docsServer';
import { NoAnswerError, request } from '../../../mcp/http';
import { Site } from '../../../mcp/site';
import { requestChecker } from '../../../mcp/validate';

/** A server on a free loopback port that answers every request with `answer` (which may never answer); stop() closes it. */
async function serve(answer: http.RequestListener): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

test('a redirect does not start the clock again: one limit for a request and all its hops', async () => {
  // Each hop answers after 300 ms with a redirect to the next one, on the same origin: 5 hops take 1.5 s.
  const slow = await serve((req, res) => {
    const hop = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('hop') ?? 0);
    setTimeout(() => res.writeHead(302, { location: `/next?hop=${hop + 1}` }).end(), 300);
  });
  try {
    await assert.rejects(request(`${slow.origin}/start`, { what: 'The docs site', origin: slow.origin, timeoutMs: 1000 }), (error) => {
      assert.ok(error instanceof NoAnswerError);
      assert.match(error.message, /did not answer \(no answer within 1 s\) when asked for \/next/);
      return true;
    });
  } finally {
    await slow.stop();
  }
});

test('a tool call has one deadline for all its requests: a site that never answers ends the call at it', async () => {
  const silent = await serve(() => {
    /* never answers */
  });
  const server = createDocsServer({
    site: new Site(silent.origin),
    sandboxUrl: 'http://127.0.0.1:9/v2.0',
    version: '0',
    requestChecker,
    callTimeoutMs: 800,
  });
  const client = new Client({ name: 'deadline-check', version: '0' });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    // read_page asks for the twin, the unknowns report and the document at once; list_pages for llms.txt.
    for (const [name, args] of [
      ['read_page', { page: '/guides/charges' }],
      ['list_pages', {}],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      const text = (result.content as Array<{ text: string }>).map((c) => c.text).join('\n');
      assert.equal(result.isError, true, name);
      assert.match(text, /did not answer \(the tool call's 0\.8 s ran out\)/, name);
    }
  } finally {
    await client.close();
    await server.close();
    await silent.stop();
  }
});
