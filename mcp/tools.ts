/**
 * The MCP server of the docs: its tools and resources over one site (mcp/site.ts)
 * and one local sandbox. Each tool's input has a JSON schema (from zod) and a
 * description an assistant can choose by. A tool that cannot answer (an unknown
 * page or operation, a site or sandbox that does not answer, a body that is not
 * JSON) throws an Error whose message names the problem; the SDK turns it into
 * the call's error result, and the server goes on serving.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { z } from 'zod';
import { brand } from '../src/brand';
import { DOCS_SETS } from '../src/docsSets';
import { LLMS_TXT } from '../src/markdown/paths';
import { MAX_QUERY_LENGTH } from '../src/search/engine';
import { gapReport, markAnswer, marksOn } from './gaps';
import { MAX_TOOL_INPUT_ELEMENTS } from './limits';
import { apiDocument, findOperation, operationAnswer, operationList, schemaAnswer, OPENAPI_URL_PATH } from './openapi';
import { trySandbox } from './sandbox';
import { SECTION_NAMES, searchDocs, searchIndex } from './search';
import { headingsOf, sectionFor } from './sections';
import type { Site } from './site';
import { holdsWords, withSynonyms } from './synonyms';
import { parseBody, queryOf } from './requestArgs';
import { bodySchema, operationSchema, querySchema } from './inputSchemas';
import { marksOf, notDocumentedBlock, objectsWithoutCalls } from './notDocumented';
import type { Checker } from './checker';
import type { JsonObject } from '../src/openapi/documentTree';

export type DocsServerOptions = {
  site: Site;
  /** The local sandbox's base URL, with the API's base path (`http://127.0.0.1:4010/v2.0`). */
  sandboxUrl: string;
  version: string;
  /** validate_request's checker of a parsed document (mcp/validate.ts in Node, the build's validators at the edge). */
  requestChecker: (doc: JsonObject) => Checker;
  /**
   * At the edge (mcp/edge.ts): no try_in_sandbox, which calls a sandbox on the reader's own machine, and
   * instructions that say so; and the SDK's JSON Schema validator that the edge gives (workerd allows no `eval`).
   */
  edge?: { jsonSchemaValidator: jsonSchemaValidator };
};

const text = (...values: string[]) => ({ content: values.map((value) => ({ type: 'text' as const, text: value })) });
/** Compact JSON: an answer's size is what it costs the assistant's context. */
const json = (value: unknown) => text(JSON.stringify(value));

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * Where try_in_sandbox is, when this server has none: the package, which runs on the reader's machine. Its npm
 * name is given as a command only once the brand says the package is published (src/brand.ts, mcp).
 */
const SANDBOX_IN_PACKAGE = brand.mcp.published
  ? `try_in_sandbox, which sends a call to a sandbox on your own machine, is not served here: it is in the npm package (npx -y ${brand.mcp.packageName}).`
  : `try_in_sandbox, which sends a call to a sandbox on your own machine, is not served here: it is in the docs' MCP server for your machine, not on the npm registry yet; its source is the mcp folder of ${brand.repositoryUrl}.`;

/** MCP's error code for a resource that does not exist (the specification's resources/read; the SDK names none). */
const RESOURCE_NOT_FOUND = -32002;

export function createDocsServer({ site, sandboxUrl, version, requestChecker, edge }: DocsServerOptions): McpServer {
  const server = new McpServer(
    { name: brand.mcp.serverName, title: `${brand.name} documentation`, version },
    {
      instructions: [
        `The documentation of ${brand.name} and its merchant API ${brand.apiVersionLabel}, read from ${site.url}.`,
        "Find pages with search_docs or list_pages and read them with read_page (a section by its anchor, e.g. a search hit's URL).",
        'For an API call, get_operation gives its parameters, body, responses (leave them out with responses: false), authentication',
        'and curl sample; validate_request checks a body against the OpenAPI document before it is sent;',
        edge ? SANDBOX_IN_PACKAGE : 'try_in_sandbox sends it to the local sandbox.',
        'Facts that list_unknowns returns are not documented yet: say so, do not guess.',
      ].join(' '),
      // Bounds the work one call can ask for (members and items of its arguments, all levels).
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
      ...(edge ? { jsonSchemaValidator: edge.jsonSchemaValidator } : {}),
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        `Searches the ${brand.name} docs (guides, API reference, help centre) with the site's own search engine and index, ` +
        "ranked as the site's search box ranks it: a question (in everyday words too) by the words that tell pages apart. Returns " +
        'the best matches: page title, headings, section, URL (with the anchor of the section) and the sentence that answers. Use ' +
        'a few words, an identifier (fixed price charge, insufficient_balance) or a question; read any match with read_page(url).',
      inputSchema: {
        query: z
          .string()
          .max(MAX_QUERY_LENGTH, {
            error: (issue) =>
              `The query is ${String((issue.input as string).length)} characters long; search_docs takes at most ${MAX_QUERY_LENGTH}: search with a few words`,
          })
          .describe('A few words, an identifier or a question.'),
        section: z.enum(SECTION_NAMES).optional().describe('Only this part of the site: guides, api (the API reference) or help-center.'),
        limit: z.number().int().min(1).max(25).optional().describe('How many matches (default 8).'),
      },
      annotations: READ_ONLY,
    },
    async ({ query, section, limit }) => {
      if (!query.trim()) throw new Error('The query is empty: search with a few words.');
      const hits = await searchDocs(site, query, section, limit ?? 8);
      return json({ query, ...(section ? { section } : {}), count: hits.length, hits });
    },
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description:
        "Reads one page of the docs as Markdown (the page's Markdown twin, as the site publishes it): its text, tables, code " +
        'samples and examples. Give its path (/guides/charges/creating) or its URL, e.g. a URL from search_docs; with an anchor ' +
        '(/guides/charges/creating#fixed-price) it returns that section only. What is not documented yet follows it: the ' +
        "page's marks that the text returned does not show, and the objects it names that no call of the API takes or returns.",
      inputSchema: {
        page: z
          .string()
          .min(1)
          .max(2000)
          .describe(
            'The page: a path (/guides/charges/creating) or a URL of the docs site, with an anchor (#fixed-price) for one section.',
          ),
      },
      annotations: READ_ONLY,
    },
    async ({ page }) => {
      const { route, twin, anchor } = site.pageOf(page);
      const [markdown, marks, doc] = await Promise.all([site.text(twin), marksOf(site), apiDocument(site).catch(() => undefined)]);
      if (markdown === undefined) {
        throw new Error(
          `No page at ${route} on ${site.url} (its Markdown twin ${twin} answered 404). Find pages with search_docs or list_pages.`,
        );
      }
      let shown = markdown;
      if (anchor !== undefined) {
        const index = await searchIndex(site);
        const headings = headingsOf(
          index.records.map((r) => ({ url: r.u, type: r.t, hierarchy: r.h })),
          route,
        );
        // A heading's section, or for a table row's anchor (#payout-error-1003), the section that holds the row.
        const section = sectionFor(markdown, index.records, route, anchor);
        if (section === undefined) {
          throw new Error(
            `${route} has no section #${anchor.slice(0, 100)}. ` +
              (headings.length
                ? `Its anchors: ${headings.map((h) => `#${h.anchor}`).join(', ')}. Or read the whole page without an anchor.`
                : 'It has no headings: read the whole page without an anchor.'),
          );
        }
        shown = section;
      }
      // A site without an OpenAPI document still gets its pages, without the objects' note.
      const objects = doc ? objectsWithoutCalls(doc, shown, route) : [];
      const block = notDocumentedBlock(site, marksOn(marks ?? [], [route]), shown, objects);
      return block ? text(shown, block) : text(shown);
    },
  );

  server.registerTool(
    'list_pages',
    {
      title: 'List the pages',
      description:
        `Lists the pages of the ${brand.name} docs as llms.txt lists them, by part of the site (Guides, API Reference, Help ` +
        'Center): path and title of each, and with a section given, its description too. Read a page with read_page(path).',
      inputSchema: {
        section: z
          .enum(SECTION_NAMES)
          .optional()
          .describe("Only this part of the site, with each page's description: guides, api (the API reference) or help-center."),
      },
      annotations: READ_ONLY,
    },
    async ({ section }) => {
      const pages = await site.pages();
      const label = section ? DOCS_SETS[section].label : undefined;
      const chosen = label ? pages.filter((p) => p.section === label) : pages;
      const sections: Record<string, Array<{ path: string; title: string; description?: string }>> = {};
      for (const p of chosen) {
        (sections[p.section] ??= []).push({
          path: p.twin.replace(/\.md$/, ''),
          title: p.title,
          ...(label && p.description ? { description: p.description } : {}),
        });
      }
      return json({ site: site.url, ...(section ? { section } : {}), count: chosen.length, sections });
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API call',
      description:
        'Gets one call of the merchant API from its OpenAPI document: method, path, URLs, authentication, parameters, request body ' +
        'and responses with every schema resolved (no $ref), what is not documented yet about it (its marks, and those of the ' +
        'schemas it uses), and a curl sample per request example. Name it by operationId (createCharge) or by method and path ' +
        '(POST /charges). The responses are the larger part: leave them out (responses: false) or ask for one status (status: "422").',
      inputSchema: {
        operation: operationSchema,
        responses: z.boolean().optional().describe('false: leave the responses out (their statuses are still listed); default true.'),
        status: z.string().min(1).max(20).optional().describe('Only the response of this status, e.g. "200" or "422".'),
      },
      annotations: READ_ONLY,
    },
    async ({ operation, responses, status }) => {
      const [doc, marks] = await Promise.all([apiDocument(site), marksOf(site)]);
      return json(operationAnswer(doc, site, findOperation(doc, operation, sandboxUrl), { responses, status }, marks, sandboxUrl));
    },
  );

  server.registerTool(
    'get_schema',
    {
      title: 'Get a schema',
      description:
        'Gets one schema (an object, a request body, an enum) of the OpenAPI document by name, e.g. Charge, ChargeStatus or ' +
        'FixedPriceChargeCreateRequest, with every $ref resolved, and its page in the API reference.',
      inputSchema: { name: z.string().min(1).max(200).describe('The schema name, e.g. Charge.') },
      annotations: READ_ONLY,
    },
    async ({ name }) => {
      const [doc, pages] = await Promise.all([apiDocument(site), site.pages().catch(() => [])]);
      return json(schemaAnswer(doc, site, name, new Set(pages.map((p) => p.twin))));
    },
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List the API calls',
      description:
        'Lists the calls (and webhooks) of the merchant API: operationId, method, path, summary, tags, whether it needs ' +
        'authentication, and its page. Give a tag (Charges, Mass payouts, …) to list only those.',
      inputSchema: { tag: z.string().max(200).optional().describe('Only the calls of this tag, e.g. Charges.') },
      annotations: READ_ONLY,
    },
    async ({ tag }) => json(operationList(await apiDocument(site), site, tag)),
  );

  server.registerTool(
    'validate_request',
    {
      title: 'Check a request',
      description:
        'Checks a request body (and query) against the OpenAPI document, with the local sandbox’s verdicts, without ' +
        'sending it. Returns valid, or each field at fault (fiat_price.symbol, payouts.1.network) with the message and the ' +
        "document's rule it breaks. Path parameters come from a concrete path in `operation`, else from the document's examples.",
      inputSchema: { operation: operationSchema, body: bodySchema, query: querySchema },
      annotations: READ_ONLY,
    },
    async ({ operation, body, query }) => {
      const parsed = parseBody(body);
      const doc = await apiDocument(site);
      const found = findOperation(doc, operation, sandboxUrl);
      if (found.entry.webhook)
        throw new Error(`${found.entry.operationId} is a webhook: the API sends it, there is no request of yours to check`);
      const verdict = await requestChecker(doc)(found, parsed, queryOf(found, query));
      return json({
        operation: found.entry.operationId,
        request: `${found.entry.method.toUpperCase()} ${found.path}`,
        ...verdict,
        ...(parsed !== undefined && !found.entry.operation.requestBody
          ? { note: 'This call takes no body: the body was not checked.' }
          : {}),
        checkedAgainst: site.urlOf(OPENAPI_URL_PATH),
      });
    },
  );

  // A sandbox on the reader's own machine: the package only, never the edge.
  if (!edge)
    server.registerTool(
      'try_in_sandbox',
      {
        title: 'Try a call in the local sandbox',
        description:
          `Sends a call to the local sandbox (a mock of the API on this machine, started with \`npm run sandbox\` in a clone of the docs; ${sandboxUrl}) ` +
          'and returns its status and body: the documented example when the request is valid, the documented error otherwise ' +
          '(401 without a token on an authenticated call, 422 naming the fields at fault). Never reaches the real API.',
        inputSchema: {
          operation: operationSchema,
          body: bodySchema,
          query: querySchema,
          token: z
            .string()
            .min(1)
            .max(2000)
            .optional()
            .describe('A bearer token; the sandbox accepts any. Without one, authenticated calls answer 401.'),
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async ({ operation, body, query, token }) => {
        const parsed = parseBody(body);
        const found = findOperation(await apiDocument(site), operation, sandboxUrl);
        if (found.origin !== undefined) {
          throw new Error(
            `try_in_sandbox sends to the local sandbox (${sandboxUrl}) only, so the operation names no host: give ${found.entry.method.toUpperCase()} ${found.entry.path} or ${found.entry.operationId}, not ${found.origin}.`,
          );
        }
        return json(await trySandbox(sandboxUrl, found, parsed, queryOf(found, query), token));
      },
    );

  server.registerTool(
    'list_unknowns',
    {
      title: 'List what is not documented yet',
      description:
        "Lists the facts the docs mark as not documented yet (the site's gap report): topic, what is missing, and the page and heading " +
        'of the mark. When a question touches one of them, say that it is not documented yet and point to support instead of guessing. ' +
        'Give a topic or a word to narrow the list.',
      inputSchema: { topic: z.string().max(200).optional().describe('A topic (callback-signature) or a word found in the marks.') },
      annotations: READ_ONLY,
    },
    async ({ topic }) => {
      const marks = await gapReport(site);
      const wanted = topic?.trim().toLowerCase();
      // "webhook" finds the marks written with "callback" (mcp/synonyms.ts).
      const variants = wanted ? withSynonyms(wanted) : [];
      // Word forms too: "rate limit" finds rate-limit-thresholds and "rate-limit thresholds" (mcp/synonyms.ts).
      const found = marks.filter(
        (u) =>
          !wanted ||
          variants.some((v) => u.topic === v || [u.topic, u.text, u.heading].some((s) => s.toLowerCase().includes(v))) ||
          [u.topic, u.text, u.heading].some((s) => holdsWords(s, variants)),
      );
      return json({
        ...(wanted ? { topic: wanted } : {}),
        ...(variants.length > 1 ? { alsoSearched: variants.slice(1) } : {}),
        count: found.length,
        ...(wanted && found.length === 0
          ? {
              note: `No mark matches "${wanted}": the docs do not mark it as unknown. Search the docs for it. The topics marked: ${[...new Set(marks.map((u) => u.topic))].join(', ')}.`,
            }
          : {}),
        support: brand.supportEmail,
        unknowns: found.map((u) => markAnswer(site, u)),
      });
    },
  );

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
