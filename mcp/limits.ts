/**
 * The limits of what one call may ask of the server, the same on stdio and over
 * HTTP (handbook/mcp.md, Hosted mode).
 */

/** The largest message (stdio) or request body (HTTP) the server reads: 1 MB. A larger one is refused unread. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** The most members and items, all levels together, that a tool's arguments may have (the SDK counts and refuses). */
export const MAX_TOOL_INPUT_ELEMENTS = 10_000;
