/**
 * The docs MCP server's speed and answer sizes against the local build (build/
 * served in this process on a free port), with the package's built file
 * (mcp/dist/server.js): the time of a search_docs and of a get_operation call
 * as the assistant's host sees it, through the SDK's client over stdio and over
 * Streamable HTTP (`--http`), first call, median and p95 over many; and the
 * size of the answers that an assistant's context pays for: get_operation with
 * and without its responses, read_page of a whole page and of one section; and the
 * server's resident memory (RSS) after one round of every tool and after 400 more calls; the CPU of each request
 * to the endpoint at the edge (build/_worker.js), each tool as an isolate's first call and warm: under workerd alone
 * (bench/lib/edge-workerd.ts), where its goals are judged, and in Node single-threaded (bench/lib/edge-cpu.ts), the
 * bound if V8's background work counted against a request. Then its goals, each measured here
 * and never asserted by a test: every call answered under a 96 MB heap, get_operation's lean answer at most a
 * third of the answer before answers were compact, the package installed at most 15 MB, a 2 MB message
 * refused at once on stdio, a trickling request cut within 10× the hosted mode's limit, and at the edge,
 * under workerd, Workers' Free plan: warm calls within 10 ms of CPU at p99, an isolate's first call within 50 ms
 * and workerd's start until it answers within Workers' 1 s.
 *
 *   npm run build && npm run mcp:build && npm run bench:mcp
 *
 * Queries are the relevance set's (relevance/keyword-set.ts); the
 * operations are every call of the OpenAPI document.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { operations } from '../src/openapi/document';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { serveHttp } from '../mcp/hosted';
import { startHostedServer, startServer, trickledRequest } from '../harness/mcp-client';
import { installedPackage } from './bench-mcp-package';
import { relevanceSet } from '../relevance/keyword-set';
import { serveBuild } from '../harness/servers';
import { ROOT } from './lib/weigh';
import { workerdCpu, workerdFirstCalls } from './lib/edge-workerd';

const ROUNDS = 3;

async function answerOf(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
  if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${text}`);
  return text;
}

async function timed(client: Client, name: string, args: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  await answerOf(client, name, args);
  return performance.now() - started;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** The median and p95 (ms) of `runs` calls, and the first call's time. */
async function measure(transport: string, client: Client, name: string, inputs: Array<Record<string, unknown>>) {
  const first = await timed(client, name, inputs[0]);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) for (const args of inputs) times.push(await timed(client, name, args));
  return { transport, name, first, median: quantile(times, 0.5), p95: quantile(times, 0.95), calls: times.length };
}

const QUERIES = relevanceSet.map((c) => ({ query: c.query }));
const OPERATIONS = operations()
  .filter((e) => !e.webhook)
  .map((e) => ({ operation: e.operationId }));

/** The answers whose size is compared: [what, tool, arguments]. */
const SIZES: Array<[string, string, Record<string, unknown>]> = [
  ['get_operation(createCharge)', 'get_operation', { operation: 'createCharge' }],
  ['get_operation(createCharge, responses: false)', 'get_operation', { operation: 'createCharge', responses: false }],
  ['get_operation(createCharge, status: "422")', 'get_operation', { operation: 'createCharge', status: '422' }],
  ['read_page(/guides/mass-payouts)', 'read_page', { page: '/guides/mass-payouts' }],
  [
    'read_page(/guides/mass-payouts#create-a-crypto-mass-payout)',
    'read_page',
    { page: '/guides/mass-payouts#create-a-crypto-mass-payout' },
  ],
  ['read_page(/guides/charges/creating)', 'read_page', { page: '/guides/charges/creating' }],
  ['read_page(/guides/charges/creating#fixed-price)', 'read_page', { page: '/guides/charges/creating#fixed-price' }],
];

const HEAP_MB = 96;
/** Every tool that needs no sandbox, in turn (the memory rows). */
const ROUND: Array<[string, Record<string, unknown>]> = [
  ['search_docs', { query: 'mass payout confirmation' }],
  ['get_operation', { operation: 'createCharge' }],
  ['validate_request', { operation: 'createCharge', body: { project_id: 'x', pricing_type: 'no_price' } }],
  ['read_page', { page: '/guides/charges/creating' }],
  ['get_schema', { name: 'MassPayout' }],
  ['list_operations', {}],
  ['list_unknowns', {}],
];

/**
 * The server's resident memory (MB) after one round of every tool, and after `calls` more, under a 96 MB heap (V8's
 * old space: past it the process ends), and how many of all those calls it answered.
 */
async function memory(site: string, calls: number) {
  const server = await startServer(['--site', site], { nodeArgs: [`--max-old-space-size=${HEAP_MB}`] });
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;
  let answered = 0;
  const call = async ([name, args]: [string, Record<string, unknown>]) => {
    const result = await server.client.callTool({ name, arguments: args });
    if (!result.isError) answered += 1;
  };
  try {
    for (const step of ROUND) await call(step);
    const afterRound = rss();
    for (let i = 0; i < calls; i += 1) await call(ROUND[i % ROUND.length]);
    return { afterRound, after: rss(), calls, answered, asked: ROUND.length + calls };
  } catch {
    return { afterRound: NaN, after: NaN, calls, answered, asked: ROUND.length + calls };
  } finally {
    await server.close();
  }
}

/** get_operation("createCharge")'s answer before answers were compact: pretty-printed JSON with every response (measured). */
const CREATE_CHARGE_BYTES_BEFORE = 40_737;

/** How long (ms) the stdio server takes to refuse a 2 MB message, which it reads no further than 1 MB. */
async function refusalMs(site: string): Promise<number> {
  const server = await startServer(['--site', site]);
  try {
    const started = performance.now();
    await server.client.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(2 * 1024 * 1024) } }).catch(() => undefined);
    return performance.now() - started;
  } finally {
    await server.close();
  }
}

/** How long (ms) the hosted mode, with a time limit of 400 ms, takes to cut a request whose body trickles in. */
async function cutMs(): Promise<{ ms: number; status: string }> {
  const server = await serveHttp({ host: '127.0.0.1', port: 0 }, () => new McpServer({ name: 'limits', version: '0' }), 1024 * 1024, {
    requestTimeoutMs: 400,
  });
  try {
    const { answer, ms } = await trickledRequest(server.url);
    return { ms, status: answer.split('\r\n')[0] };
  } finally {
    await server.close();
  }
}

/** The tools the endpoint at the edge serves (the package's but try_in_local_sandbox). */
const EDGE_TOOLS = [
  'search_docs',
  'read_page',
  'list_pages',
  'get_operation',
  'get_schema',
  'list_operations',
  'validate_request',
  'list_unknowns',
];
/** Workers' limits: 10 ms of CPU a request on the Free plan, 1 s for an isolate's start (its top level). */
const EDGE_CALL_MS = 10;
const EDGE_FIRST_MS = 50;
const EDGE_START_MS = 1000;

/** bench/lib/edge-cpu.ts in a process of its own, single-threaded: its JSON line. */
function edgeCpu<T>(buildDir: string, ...args: string[]): T {
  const out = execFileSync(
    process.execPath,
    ['--single-threaded', '--import', 'tsx', path.join(__dirname, 'lib/edge-cpu.ts'), buildDir, ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as T;
}

/** A row of warm calls: the tool, the cells before its figures (an isolate's first call), then p50, p99, maximum, over 10 ms. */
const edgeRow = (what: string, times: number[], ...before: string[]) =>
  `| ${[
    what,
    ...before,
    `${quantile(times, 0.5).toFixed(2)} ms`,
    `${quantile(times, 0.99).toFixed(2)} ms`,
    `${Math.max(...times).toFixed(2)} ms`,
    `${times.filter((t) => t > EDGE_CALL_MS).length} of ${times.length}`,
  ].join(' | ')} |`;
const edgeHead = (firsts: boolean) => {
  const columns = [
    'tool',
    ...(firsts ? ['first call of an isolate'] : []),
    'warm p50',
    'warm p99',
    'warm max',
    `warm over ${EDGE_CALL_MS} ms`,
  ];
  return [`| ${columns.join(' | ')} |`, `|${' --- |'.repeat(columns.length)}`];
};

/** The tool whose warm p99 is the highest, and that p99. */
function worstWarm(warm: Record<string, number[]>): readonly [string, number] {
  return Object.entries(warm)
    .map(([tool, times]) => [tool, quantile(times, 0.99)] as const)
    .reduce((worst, next) => (next[1] > worst[1] ? next : worst));
}

/**
 * CPU per request of the endpoint at the edge, under workerd (bench/lib/edge-workerd.ts): each tool as an isolate's
 * first call, then warm. The goals are judged there. Then in Node single-threaded (bench/lib/edge-cpu.ts), the same:
 * the bound if V8's background work counted against the request.
 */
async function edgeRows(buildDir: string): Promise<{ table: string[]; goals: Goal[] }> {
  const workerd = await workerdCpu(buildDir);
  const workerdFirsts = await workerdFirstCalls(buildDir, EDGE_TOOLS);
  const firsts = EDGE_TOOLS.map((tool) => edgeCpu<{ startup: number; first: number }>(buildDir, 'first', tool));
  const { warm } = edgeCpu<{ warm: Record<string, number[]> }>(buildDir, 'warm');
  const worst = (values: number[]) => Math.max(...values);
  const worstFirst = worst(workerdFirsts.map((f) => f.first));
  const worstStart = worst(workerdFirsts.map((f) => f.start));
  const [workerdTool, workerdP99] = worstWarm(workerd.warm);
  const [nodeTool, nodeP99] = worstWarm(warm);
  const build = `${path.relative(ROOT, buildDir) || '.'}/_worker.js`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return {
    table: [
      `The endpoint at the edge (${build}) under workerd alone (harness/workerd.ts): CPU per request of the thread that answers (bench/lib/edge-workerd.ts)`,
      '',
      ...edgeHead(true),
      ...EDGE_TOOLS.map((tool, i) => edgeRow(tool, workerd.warm[tool], ms(workerdFirsts[i].first))),
      edgeRow('every call', Object.values(workerd.warm).flat(), ''),
      edgeRow('the floor: a GET refused before any tool', workerd.floor, ''),
      '',
      `V8's background threads of the worker's process (compilation and collection), apart: ${workerd.background.ms.toFixed(0)} ms over the ${workerd.background.calls} warm calls.`,
      `workerd's start until it answered (its own start, the bundle's compilation and top level): ${Math.min(...workerdFirsts.map((f) => f.start)).toFixed(0)} to ${worstStart.toFixed(0)} ms.`,
      '',
      `The same bundle in Node, single-threaded, V8's compilation and collection on the request's thread (bench/lib/edge-cpu.ts): the bound if V8's background work counted`,
      '',
      ...edgeHead(true),
      ...EDGE_TOOLS.map((tool, i) => edgeRow(tool, warm[tool], ms(firsts[i].first))),
      edgeRow('every call', Object.values(warm).flat(), ''),
      '',
      `In Node: the worst warm p99 ${ms(nodeP99)} (${nodeTool}), the worst first call ${ms(worst(firsts.map((f) => f.first)))}, an isolate's start (the bundle's top level, the document and the search engine loaded, a round of calls in memory) ${Math.min(...firsts.map((f) => f.startup)).toFixed(0)} to ${worst(firsts.map((f) => f.startup)).toFixed(0)} ms.`,
    ],
    goals: [
      [`edge, workerd: warm p99, the worst tool (${workerdTool})`, ms(workerdP99), `≤ ${EDGE_CALL_MS} ms`, workerdP99 <= EDGE_CALL_MS],
      [`edge, workerd: an isolate's first call, the worst tool`, ms(worstFirst), `≤ ${EDGE_FIRST_MS} ms`, worstFirst <= EDGE_FIRST_MS],
      [
        `edge, workerd: its start until it answered`,
        `${worstStart.toFixed(0)} ms`,
        `≤ ${EDGE_START_MS} ms (Workers' limit)`,
        worstStart <= EDGE_START_MS,
      ],
    ],
  };
}

type Goal = [figure: string, measured: string, goal: string, met: boolean];
const goalRow = ([figure, measured, goal, met]: Goal) => `| ${figure} | ${measured} | ${goal} | ${met ? 'met' : 'MISSED'} |`;

/** The MCP rows over a build folder: Markdown tables (npm run bench and npm run bench:mcp print them). */
export async function mcpBenchmark(buildDir: string = path.join(ROOT, 'build')): Promise<string> {
  const site = await serveBuild(buildDir);
  const stdio = await startServer(['--site', site.base]);
  const hosted = await startHostedServer(['--site', site.base]);
  try {
    const http = await hosted.connect();
    const results = [];
    for (const [transport, client] of [
      ['stdio', stdio.client],
      ['HTTP', http],
    ] as const) {
      results.push(await measure(transport, client, 'search_docs', QUERIES));
      results.push(await measure(transport, client, 'get_operation', OPERATIONS));
    }
    const mem = await memory(site.base, 400);
    const sizes = [];
    for (const [what, name, args] of SIZES) sizes.push([what, Buffer.byteLength(await answerOf(stdio.client, name, args))] as const);
    const lean = sizes.find(([what]) => what === 'get_operation(createCharge, responses: false)')?.[1] ?? NaN;
    const installed = installedPackage();
    const [refused, cut] = [await refusalMs(site.base), await cutMs()];
    const edge = await edgeRows(buildDir);
    const goals: Goal[] = [
      [`calls answered under a ${HEAP_MB} MB heap (stdio)`, `${mem.answered} of ${mem.asked}`, 'all', mem.answered === mem.asked],
      [
        'get_operation(createCharge, responses: false)',
        `${lean.toLocaleString('en')} bytes`,
        `≤ a third of ${CREATE_CHARGE_BYTES_BEFORE.toLocaleString('en')} (before answers were compact)`,
        lean <= CREATE_CHARGE_BYTES_BEFORE / 3,
      ],
      [
        'the package installed into an empty folder',
        `${(installed.kilobytes / 1024).toFixed(1)} MB, ${installed.packages} package(s)`,
        '≤ 15 MB (it was 113 MB in 218 packages)',
        installed.kilobytes <= 15 * 1024,
      ],
      [
        'stdio: a 2 MB message refused (read no further than 1 MB)',
        `${refused.toFixed(0)} ms`,
        '≤ 10 s (not a time-out)',
        refused <= 10_000,
      ],
      [
        '--http: a body that trickles in past a 400 ms limit cut',
        `${cut.ms.toFixed(0)} ms (${cut.status})`,
        '≤ 4 s (10× the limit)',
        cut.ms <= 4_000 && / 408 /.test(cut.status),
      ],
      ...edge.goals,
    ];
    return [
      `MCP server (mcp/dist/server.js) over stdio and over Streamable HTTP (--http, one server per request), against ${path.relative(ROOT, buildDir) || '.'}/ served locally`,
      '',
      '| transport | tool | first call (loads the index or document) | median | p95 | calls |',
      '| --- | --- | --- | --- | --- | --- |',
      ...results.map(
        (r) =>
          `| ${r.transport} | ${r.name} | ${r.first.toFixed(0)} ms | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.calls} |`,
      ),
      '',
      `| memory (stdio, ${HEAP_MB} MB heap) | after one round of every tool | after ${mem.calls} more calls | growth |`,
      '| --- | --- | --- | --- |',
      `| RSS | ${mem.afterRound.toFixed(0)} MB | ${mem.after.toFixed(0)} MB | ${(mem.after - mem.afterRound).toFixed(0)} MB |`,
      '',
      ...edge.table,
      '',
      '| answer | bytes |',
      '| --- | --- |',
      ...sizes.map(([what, bytes]) => `| ${what} | ${bytes.toLocaleString('en')} |`),
      '',
      '| figure | measured | goal | result |',
      '| --- | --- | --- | --- |',
      ...goals.map(goalRow),
    ].join('\n');
  } finally {
    await stdio.close();
    await hosted.stop();
    site.stop();
  }
}

if (require.main === module) {
  mcpBenchmark()
    .then((table) => console.log(`\n${table}`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
