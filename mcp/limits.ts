/**
 * The limits of what one call may ask of the server, the same on stdio, over
 * HTTP and at the edge (handbook/mcp.md, Hosted mode).
 */
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
export function originAllowed(origin: string, siteOrigin: string | undefined): boolean {
  if (isSiteOrigin(origin) || origin === siteOrigin) return true;
  try {
    const url = new URL(origin);
    return url.origin === origin && /^https?:$/.test(url.protocol) && isLoopback(url);
  } catch {
    return false;
  }
}
