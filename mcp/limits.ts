/**
 * The limits of what one call may ask of the server, the same on stdio, over
 * HTTP and at the edge (handbook/mcp-hosting.md, Hosted mode).
 */
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { brand } from '../src/brand';
import { isLoopback, isSiteOrigin } from '../src/origins';

/** The path of the endpoint over HTTP, in the hosted mode and at the edge (src/brand.ts). */
export const MCP_PATH = brand.mcp.endpointPath;

/** The largest message (stdio) or request body (HTTP) the server reads: 1 MB. A larger one is refused unread. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The time one tool call has, all its requests and their redirects together (each request also has its own 15 s, the
 * sandbox's 10 s); the client's cancellation of the call ends it too.
 */
export const CALL_TIMEOUT_MS = 30_000;

/** The most members and items, all levels together, that a tool's arguments may have (the SDK counts and refuses). */
export const MAX_TOOL_INPUT_ELEMENTS = 10_000;

/**
 * Whether a browser's `Origin` may use the server over HTTP (`--http`, and the edge): the docs site's (published, or
 * the one the server reads) or loopback. The MCP specification asks servers to check it.
 */
function originAllowed(origin: string, siteOrigin: string | undefined): boolean {
  if (isSiteOrigin(origin) || origin === siteOrigin) return true;
  try {
    const url = new URL(origin);
    return url.origin === origin && /^https?:$/.test(url.protocol) && isLoopback(url);
  } catch {
    return false;
  }
}

/** What an HTTP door of the MCP server answers instead of serving: a status, its message, headers. */
export type Refusal = { status: number; message: string; headers?: Record<string, string> };

/**
 * The refusal policy of every HTTP door of the MCP server (the hosted mode, mcp/hosted.ts, and the endpoint at the
 * edge, mcp/edge.ts), in this order: a page of another site (its `Origin`) 403, another path 404, another method than
 * POST 405. `siteOrigin` is the docs site's that the door serves. Undefined: the request may go on to the SDK.
 */
export function refusalOf(
  method: string,
  path: string,
  origin: string | null | undefined,
  siteOrigin: string | undefined,
): Refusal | undefined {
  if (origin !== null && origin !== undefined && !originAllowed(origin, siteOrigin)) {
    return {
      status: 403,
      message: `Forbidden: a page of ${origin} may not use this server; only the docs site's pages and this machine's`,
    };
  }
  if (path !== MCP_PATH) return { status: 404, message: `Not found: the MCP endpoint is ${MCP_PATH}` };
  if (method !== 'POST') {
    return {
      status: 405,
      message: 'Method not allowed: this stateless server takes POST only (no event stream, no session)',
      headers: { allow: 'POST' },
    };
  }
  return undefined;
}

/** What a door answers when serving failed: the SDK's reason goes to the log, not to the client. */
export const INTERNAL_ERROR: Refusal = { status: 500, message: 'Internal error' };

/** A refusal's body: a JSON-RPC error with no id (none was read). */
export const refusalBody = (message: string): string =>
  JSON.stringify({ jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message }, id: null });
