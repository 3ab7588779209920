/**
 * What the edge benchmarks call the endpoint at the edge with, and how: every tool's inputs (the search questions,
 * every call, schema and page of the build) in rounds, and a tools/call request. Shared by bench/lib/edge-cpu.ts
 * (the bundle in Node, single-threaded) and bench/lib/edge-workerd.ts (the build under workerd).
 */
import fs from 'node:fs';
import path from 'node:path';
import { operations, OPENAPI_JSON_FILE, parseOpenapiDocument } from '../../src/openapi/documentTree';
import { heldOutSets } from '../../relevance/held-out';
import { questionSet } from '../../relevance/question-set';
import { relevanceSet } from '../../relevance/keyword-set';

/** A tool's name and its arguments. */
export type Call = [tool: string, args: Record<string, unknown>];

/** The fewest calls of each tool in a warm round: three rounds give every tool's p99 at least 300 calls. */
const MIN_A_ROUND = 100;

/** The inputs each tool is called with: the search questions, every call, schema and page. */
export function inputs(buildDir: string): Record<string, Array<Record<string, unknown>>> {
  const doc = parseOpenapiDocument(fs.readFileSync(path.join(buildDir, OPENAPI_JSON_FILE), 'utf8'), OPENAPI_JSON_FILE);
  const calls = operations(doc).filter((e) => !e.webhook);
  const schemas = Object.keys((doc.components as { schemas: object }).schemas);
  const queries = [...relevanceSet, ...questionSet, ...heldOutSets().flatMap((set) => set.questions)].map((c) => c.query);
  const pages = [...new Set([...relevanceSet, ...questionSet].flatMap((c) => c.pages))];
  return {
    search_docs: queries.map((query) => ({ query })),
    read_page: pages.map((page) => ({ page })),
    list_pages: [{}, { section: 'guides' }, { section: 'api' }, { section: 'help-center' }],
    get_operation: calls.map((e) => ({ operation: e.operationId, responses: false })),
    get_schema: schemas.map((name) => ({ name })),
    list_operations: [{}, ...[...new Set(calls.flatMap((e) => e.operation.tags ?? []))].map((tag) => ({ tag }))],
    validate_request: calls.map((e) => ({ operation: e.operationId, body: {} })),
    list_unknowns: [{}, { topic: 'webhook' }, { topic: 'fee' }, { topic: 'rate limit' }],
  };
}

/**
 * One round's calls: every input of every tool, tool by tool; a tool of few inputs goes over them again until it has
 * made MIN_A_ROUND calls (over fewer than 100 calls, a p99 is the maximum).
 */
export function* callsOfRound(all: Record<string, Array<Record<string, unknown>>>): Generator<Call> {
  for (const [name, list] of Object.entries(all))
    for (let made = 0; made < Math.max(list.length, MIN_A_ROUND); made++) yield [name, list[made % list.length]];
}

let id = 0;
/** The request init of one tools/call, as an MCP client POSTs it. */
export function toolCall(name: string, args: Record<string, unknown>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
  };
}
