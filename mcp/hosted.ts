/**
 * The hosted mode (`--http HOST:PORT`): the same tools over the SDK's
 * Streamable HTTP transport, stateless, as the SDK's stateless pattern has it:
 * each POST to /mcp gets a server and a transport of its own, which end with
 * it, while the site's files stay cached for every request. Answers are JSON
 * (no event stream). The limits:
 *
 * - POST to /mcp only (405 for another method, 404 for another path);
 * - a body over `maxBytes` is refused with 413 and a JSON-RPC error before it
 *   is parsed: a declared Content-Length at once, else as soon as it passes
 *   the limit (the SDK's `maxRequestBodySize`);
 * - the tools' own limits, as on stdio (mcp/limits.ts);
 * - headers within Node's default of 16 KB; a request that takes more than
 *   REQUEST_TIMEOUT_MS to arrive is dropped;
 * - bound to a loopback address, the Host header must name that address (or
 *   localhost) and the port, so a web page cannot reach it through DNS rebinding.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { isLoopback } from '../src/origins';
import type { Listen } from './cli';

/** The endpoint's path. */
const MCP_PATH = '/mcp';

/** How long a request may take to arrive, headers and body. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A host for a URL: an IPv6 address in brackets. */
const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

function refuse(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message }, id: null }));
}

/** Serves `createServer()`'s tools at http://HOST:PORT/mcp; resolves with the URL once it listens. */
export async function serveHttp(
  listen: Listen,
  createServer: () => McpServer,
  maxBytes: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const loopback = isLoopback(new URL(`http://${urlHost(listen.host)}`));
  let allowedHosts: string[] = [];

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== MCP_PATH) return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (req.method !== 'POST') {
      return refuse(res, 405, `Method not allowed: this stateless server takes POST only (no event stream, no session)`, { allow: 'POST' });
    }
    const mcp = createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBytes,
      ...(loopback ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((error: unknown) => {
        console.error(`docs MCP server: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) refuse(res, 500, 'Internal error');
        else res.end();
      });
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPort = `${urlHost(listen.host)}:${port}`;
  allowedHosts = [...new Set([hostPort, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])];
  return {
    url: `http://${hostPort}${MCP_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
