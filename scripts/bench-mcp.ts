/**
 * The docs MCP server's speed against the local build (build/ served by
 * `docusaurus serve` on a free port): the time of a search_docs and of a
 * get_operation call as the assistant's host sees it (a round trip over stdio
 * through the SDK's client), first call and median over many.
 *
 *   npm run build && npm run bench:mcp
 *
 * Queries are the relevance set's (tools/search-relevance-set.ts); the
 * operations are every call of the OpenAPI document.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { operations } from '../src/openapi/document';
import { startServer, type ServerProcess } from '../tools/mcp-client';
import { relevanceSet } from '../tools/search-relevance-set';
import { serveBuild } from '../tools/servers';
import { ROOT } from './lib/weigh';

const ROUNDS = 3;

async function timed(server: ServerProcess, name: string, args: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const result = await server.client.callTool({ name, arguments: args });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${JSON.stringify(result.content)}`);
  return ms;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** The median and p95 (ms) of `runs` calls, and the first call's time. */
async function measure(server: ServerProcess, name: string, inputs: Array<Record<string, unknown>>) {
  const first = await timed(server, name, inputs[0]);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) for (const args of inputs) times.push(await timed(server, name, args));
  return { name, first, median: quantile(times, 0.5), p95: quantile(times, 0.95), calls: times.length };
}

/** The MCP rows over a build folder: a Markdown table (npm run bench and npm run bench:mcp print it). */
export async function mcpBenchmark(buildDir: string = path.join(ROOT, 'build')): Promise<string> {
  const site = await serveBuild(buildDir, '/llms.txt');
  const server = await startServer(['--site', site.base]);
  try {
    const results = [
      await measure(
        server,
        'search_docs',
        relevanceSet.map((c) => ({ query: c.query })),
      ),
      await measure(
        server,
        'get_operation',
        operations()
          .filter((e) => !e.webhook)
          .map((e) => ({ operation: e.operationId })),
      ),
    ];
    return [
      `MCP server over stdio, against ${path.relative(ROOT, buildDir) || '.'}/ served locally`,
      '',
      '| tool | first call (loads the index or document) | median | p95 | calls |',
      '| --- | --- | --- | --- | --- |',
      ...results.map((r) => `| ${r.name} | ${r.first.toFixed(0)} ms | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.calls} |`),
    ].join('\n');
  } finally {
    await server.close();
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
