/**
 * The hosted mode (`--http HOST:PORT`): the same tools over the SDK's
 * Streamable HTTP transport, stateless, as the SDK's stateless pattern has it:
 * each POST to /mcp gets a server and a transport of its own, which end with
 * it, while the site's files stay cached for every request. Answers are JSON
 * (no event stream). The limits:
 *
 * - the refusals of every door (`refusalOf`, mcp/limits.ts, shared with the
 *   edge): another path 404, another method than POST 405, and 403 for an
 *   `Origin` (browsers send it) other than the docs site's (the published site,
 *   or the `--site` the server reads) or a loopback one, as the MCP
 *   specification asks;
 * - a body over `maxBytes` is refused with 413 and a JSON-RPC error before it
 *   is parsed: a declared Content-Length at once, else as soon as it passes
 *   the limit (the SDK's `maxRequestBodySize`);
 * - the tools' own limits, as on stdio (mcp/limits.ts);
 * - headers within Node's default of 16 KB; a request must arrive whole within
 *   `requestTimeoutMs` (REQUEST_TIMEOUT_MS, 30 s), checked every second (Node
 *   checks every 30 s by default, which let a slow request run 54 to 79 s): past
 *   it, 408 with a JSON-RPC error and the connection is closed;
 * - at most `maxConnections` (MAX_CONNECTIONS, 128) open at once, and at most
 *   `maxConnectionsPerAddress` (MAX_CONNECTIONS_PER_ADDRESS, 16) from one client
 *   address: one more gets 503 with a JSON-RPC error and is closed, so one
 *   client holding idle sockets cannot take the slots others need;
 * - bound to a loopback address, the Host header must name that address (or
 *   localhost) and the port, else 403, so a web page cannot reach it through DNS
 *   rebinding. The Origin and Host checks are this project's own: the SDK's
 *   `enableDnsRebindingProtection` and `allowedHosts` are deprecated in 1.32.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isLoopback } from '../src/origins';
import { INTERNAL_ERROR, MCP_PATH, refusalBody, refusalOf, type Refusal } from './limits';
import type { Listen } from './cli';

/** How long a request may take to arrive, headers and body (README: 30 s). */
const REQUEST_TIMEOUT_MS = 30_000;

/** The most connections open at once. */
const MAX_CONNECTIONS = 128;

/** The most connections open at once from one client address. */
const MAX_CONNECTIONS_PER_ADDRESS = 16;

type HostedLimits = {
  /** The origin of the site the server reads (`--site`): its pages may call the server too. */
  siteOrigin?: string;
  requestTimeoutMs?: number;
  maxConnections?: number;
  maxConnectionsPerAddress?: number;
};

/** A host for a URL: an IPv6 address in brackets. */
const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

function refuse(res: http.ServerResponse, { status, message, headers = {} }: Refusal): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(refusalBody(message));
}

/** An answer written straight to a socket (no request was parsed, or none will be), then the connection closed. */
function refuseSocket(socket: Duplex, status: number, message: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = refusalBody(message);
  // Closed in a second even if the client keeps its side open.
  setTimeout(() => socket.destroy(), 1_000).unref();
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** Serves `createServer()`'s tools at http://HOST:PORT/mcp; resolves with the URL once it listens. */
export async function serveHttp(
  listen: Listen,
  createServer: () => McpServer,
  maxBytes: number,
  limits: HostedLimits = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const {
    siteOrigin,
    requestTimeoutMs = REQUEST_TIMEOUT_MS,
    maxConnections = MAX_CONNECTIONS,
    maxConnectionsPerAddress = MAX_CONNECTIONS_PER_ADDRESS,
  } = limits;
  const loopback = isLoopback(new URL(`http://${urlHost(listen.host)}`));
  let allowedHosts = new Set<string>();

  const server = http.createServer(
    // Node checks the time limit of open requests this often (30 s by default).
    { connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(requestTimeoutMs / 4))) },
    (req, res) => {
      // This door's own check first: on loopback, the Host a DNS-rebinding page cannot send.
      if (loopback && !allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
        return refuse(res, { status: 403, message: `Forbidden: the Host header must name this server (${[...allowedHosts].join(', ')})` });
      }
      const refusal = refusalOf(req.method ?? '', (req.url ?? '/').split('?')[0], req.headers.origin, siteOrigin);
      if (refusal) return refuse(res, refusal);
      handle(req, res);
    },
  );
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const mcp = createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBytes,
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
        if (!res.headersSent) refuse(res, INTERNAL_ERROR);
        else res.end();
      });
  };
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = requestTimeoutMs;
  // A request past the time limit, or one Node's parser refuses: a JSON-RPC error, and the connection closed.
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
      return refuseSocket(socket, 408, `Request timeout: a request must arrive whole within ${requestTimeoutMs / 1000} s`);
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') return refuseSocket(socket, 431, 'Request header fields too large: at most 16 KB');
    refuseSocket(socket, 400, `Bad request: not well-formed HTTP (${error.code ?? error.message})`);
  });
  // A connection past a cap (its address's, or the server's) is answered 503 and closed before anything of it is read.
  let open = 0;
  const fromAddress = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = (fromAddress.get(address) ?? 0) + 1;
    fromAddress.set(address, mine);
    open += 1;
    socket.once('close', () => {
      open -= 1;
      const left = (fromAddress.get(address) ?? 1) - 1;
      if (left > 0) fromAddress.set(address, left);
      else fromAddress.delete(address);
    });
    if (mine > maxConnectionsPerAddress) {
      refuseSocket(
        socket,
        503,
        `Service unavailable: more than ${maxConnectionsPerAddress} connections are open from your address; try again`,
      );
    } else if (open > maxConnections) {
      refuseSocket(socket, 503, `Service unavailable: more than ${maxConnections} connections are open; try again`);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPort = `${urlHost(listen.host)}:${port}`;
  allowedHosts = new Set([hostPort, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`].map((h) => h.toLowerCase()));
  return {
    url: `http://${hostPort}${MCP_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
