/**
 * One tool of the docs' MCP server as one definition: its name, its description, its input's schema with
 * its limits, and its handler. The schema is made once, when its module loads, and every server (one per
 * request in the hosted modes and at the edge) registers the same definitions (mcp/docsServer.ts).
 *
 * A tool that cannot answer (an unknown page or operation, a site or sandbox that does not answer, a body
 * that is not JSON) throws an Error whose message names the problem; the SDK turns it into the call's
 * error result, and the server goes on serving.
 */
import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { JsonObject } from '../../src/openapi/documentTree';
import type { Checker } from '../checker';
import { deadlineOf, type Deadline } from '../http';
import type { Site } from '../site';

/** What a tool's handler reads: the site, the local sandbox, validate_request's checker. */
export type ToolContext = {
  site: Site;
  /** The local sandbox's base URL, with the API's base path (`http://127.0.0.1:4010/v2.0`). */
  sandboxUrl: string;
  /** validate_request's checker of a parsed document (mcp/validate.ts in Node, the build's validators at the edge). */
  requestChecker: (doc: JsonObject) => Checker;
  /** Whether this server has search_docs (not at the edge of a build with hosted DocSearch, which has no index). */
  search: boolean;
  /** The time one call has (mcp/limits.ts). */
  callTimeoutMs: number;
  /** The deadline of the call being answered: `site` reads within it, and so does the sandbox's request. */
  deadline?: Deadline;
};

/** The tools that find pages on a server, for messages: "search_docs or list_pages", or "list_pages". */
export const findPages = ({ search }: Pick<ToolContext, 'search'>): string => (search ? 'search_docs or list_pages' : 'list_pages');

/** The context of one call: its deadline, and the site read within it. */
function forCall(context: ToolContext, cancelled: AbortSignal): ToolContext {
  const deadline = deadlineOf(context.callTimeoutMs, cancelled);
  return { ...context, site: context.site.within(deadline), deadline };
}

type Shape = Record<string, z.ZodType>;

type Definition<S extends Shape> = {
  name: string;
  title: string;
  /** Its text, or its text for a context (try_in_local_sandbox names the sandbox's URL). */
  description: string | ((context: ToolContext) => string);
  input: S;
  annotations: ToolAnnotations;
  handler: (args: z.output<z.ZodObject<S>>, context: ToolContext) => Promise<CallToolResult>;
};

export type DocsTool = { name: string; register(server: McpServer, context: ToolContext): void };

export function docsTool<S extends Shape>({ name, title, description, input, annotations, handler }: Definition<S>): DocsTool {
  const inputSchema = z.object(input);
  return {
    name,
    register(server, context) {
      // The SDK's types cannot follow a generic shape: the arguments are the schema's output, as it parses them.
      const callback = ((args: z.output<typeof inputSchema>, extra: { signal: AbortSignal }) =>
        handler(args, forCall(context, extra.signal))) as ToolCallback<AnySchema>;
      const described = typeof description === 'string' ? description : description(context);
      server.registerTool<AnySchema, AnySchema>(name, { title, description: described, inputSchema, annotations }, callback);
    },
  };
}

export const text = (...values: string[]): CallToolResult => ({ content: values.map((value) => ({ type: 'text' as const, text: value })) });
/** Compact JSON: an answer's size is what it costs the assistant's context. */
export const json = (value: unknown): CallToolResult => text(JSON.stringify(value));

export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
