/**
 * The MCP server of the docs over one site (mcp/site.ts) and one local sandbox: its instructions, the
 * list of its tools (each defined in mcp/tools/) and its resources (llms.txt and each page's twin). Each
 * tool's input has a JSON schema (from zod) and a description an assistant can choose by.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { brand } from '../src/brand';
import { LLMS_TXT } from '../src/markdown/paths';
import type { JsonObject } from '../src/openapi/documentTree';
import { CALL_TIMEOUT_MS, MAX_TOOL_INPUT_ELEMENTS } from './limits';
import type { Checker } from './checker';
import type { Site } from './site';
import { getOperation, getSchema, listOperations, tryInLocalSandbox, validateRequest } from './tools/api';
import { listPages, readPage, searchDocsTool } from './tools/pages';
import { findPages, type DocsTool, type ToolContext } from './tools/tool';
import { listUnknowns } from './tools/unknowns';

export type DocsServerOptions = {
  site: Site;
  /** The local sandbox's base URL, with the API's base path (`http://127.0.0.1:4010/v2.0`). */
  sandboxUrl: string;
  version: string;
  /** validate_request's checker of a parsed document (mcp/validate.ts in Node, the build's validators at the edge). */
  requestChecker: (doc: JsonObject) => Checker;
  /**
   * At the edge (mcp/edge.ts): no try_in_local_sandbox, which calls a sandbox on the reader's own machine, and
   * instructions that say so; the SDK's JSON Schema validator that the edge gives (workerd allows no `eval`); and
   * whether the deployment has a built-in search index for search_docs (a build with hosted DocSearch has none).
   */
  edge?: { jsonSchemaValidator: jsonSchemaValidator; search: boolean };
  /** The time one tool call has (default CALL_TIMEOUT_MS, mcp/limits.ts). */
  callTimeoutMs?: number;
};

/**
 * Where try_in_local_sandbox is, when this server has none: the package, which runs on the reader's machine. Its npm
 * name is given as a command only once the brand says the package is published (src/brand.ts, mcp).
 */
const SANDBOX_IN_PACKAGE = brand.mcp.published
  ? `try_in_local_sandbox, which sends a call to a sandbox on your own machine, is not served here: it is in the npm package (npx -y ${brand.mcp.packageName}).`
  : `try_in_local_sandbox, which sends a call to a sandbox on your own machine, is not served here: it is in the docs' MCP server for your machine, not on the npm registry yet; its source is the mcp folder of ${brand.repositoryUrl}.`;

/** MCP's error code for a resource that does not exist (the specification's resources/read; the SDK names none). */
const RESOURCE_NOT_FOUND = -32002;

/** The tools, in the order they are listed: search_docs only with a search index, try_in_local_sandbox only in the package. */
function toolsOf(edge: DocsServerOptions['edge']): DocsTool[] {
  return [
    ...(edge?.search === false ? [] : [searchDocsTool]),
    readPage,
    listPages,
    getOperation,
    getSchema,
    listOperations,
    validateRequest,
    ...(edge ? [] : [tryInLocalSandbox]),
    listUnknowns,
  ];
}

export function createDocsServer({
  site,
  sandboxUrl,
  version,
  requestChecker,
  edge,
  callTimeoutMs = CALL_TIMEOUT_MS,
}: DocsServerOptions): McpServer {
  const tools = toolsOf(edge);
  const search = tools.includes(searchDocsTool);
  const context: ToolContext = { site, sandboxUrl, requestChecker, search, callTimeoutMs };
  const server = new McpServer(
    { name: brand.mcp.serverName, title: `${brand.name} documentation`, version },
    {
      instructions: [
        `The documentation of ${brand.name} and its merchant API ${brand.apiVersionLabel}, read from ${site.url}.`,
        `Find pages with ${findPages(context)} and read them with read_page (a section by its anchor${search ? ", e.g. a search hit's URL" : ''}).`,
        'For an API call, get_operation gives its parameters, body, responses (leave them out with responses: false), authentication',
        'and curl sample; validate_request checks a body against the OpenAPI document before it is sent;',
        edge ? SANDBOX_IN_PACKAGE : 'try_in_local_sandbox sends it to the local sandbox.',
        'Facts that list_unknowns returns are not documented yet: say so, do not guess.',
      ].join(' '),
      // Bounds the work one call can ask for (members and items of its arguments, all levels).
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
      ...(edge ? { jsonSchemaValidator: edge.jsonSchemaValidator } : {}),
    },
  );
  for (const tool of tools) tool.register(server, context);

  server.registerResource(
    'llms.txt',
    site.urlOf(LLMS_TXT),
    { title: 'llms.txt', description: `The index of the docs for assistants: every page with its description.`, mimeType: 'text/plain' },
    async (uri) => {
      const body = await site.text(LLMS_TXT);
      if (body === undefined) throw new McpError(RESOURCE_NOT_FOUND, `The docs site at ${site.url} has no ${LLMS_TXT}`, { uri: uri.href });
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: body }] };
    },
  );

  server.registerResource(
    'page',
    new ResourceTemplate(`${site.url}{+path}`, {
      list: async () => ({
        resources: (await site.pages()).map((page) => ({
          uri: site.urlOf(page.twin),
          name: page.twin,
          title: `${page.title} (${page.section})`,
          ...(page.description ? { description: page.description } : {}),
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'A page of the docs', description: "A page's Markdown twin, as listed in llms.txt.", mimeType: 'text/markdown' },
    async (uri) => {
      const twin = site.twinOf(uri.href);
      const body = await site.text(twin);
      if (body === undefined) throw new McpError(RESOURCE_NOT_FOUND, `No page twin at ${site.urlOf(twin)} (404)`, { uri: uri.href });
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: body }] };
    },
  );

  // The tools and the pages are fixed for the life of a server: it never sends a list_changed notification, so it
  // does not advertise one (the SDK's registrations advertise it by default).
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false } });
  return server;
}
