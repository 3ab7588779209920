/**
 * Hosting benchmark (`npm run bench:hosting`): requests per second and p99 latency for a page and for
 * main.js, asked for with `Accept-Encoding: gzip`, through the shipped nginx configuration
 * (deploy/render.ts) over the folder `npm run deploy:nginx` makes (deploy/precompress.ts: a .gz
 * beside each text file), next to the configuration as it was before issue 33 (one worker, gzip on
 * every request, the build served as it is), in one sitting and interleaved: the machine's speed
 * drifts, so only the ratio in one run counts. Numbers, not a test. Needs build/ and Debian's nginx.
 *
 * Options: SECONDS=5 per measurement, ROUNDS=3 (before and after alternate), CONCURRENCY=16.
 * Prints a table and writes it to bench/HOSTING.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { startNginx } from '../harness/nginx';
import { median } from './lib/weigh';

const ROOT = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const BUILD = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? 'build');
const PAGE = '/guides/charges/creating';

type Setup = 'before' | 'after';

/** The configuration before issue 33, from today's: one worker, and no precompressed files (gzip on each request). */
function beforeIssue33(conf: string): string {
  const edited = conf.replace(/^worker_processes auto;$/m, 'worker_processes 1;').replace(/^\s*gzip_static on;\n/m, '');
  if (edited === conf || /gzip_static/.test(edited) || !/worker_processes 1;/.test(edited)) {
    throw new Error('bench-hosting: the configuration changed shape; update beforeIssue33');
  }
  return edited;
}

/** CONCURRENCY keep-alive clients asking for `url` for SECONDS: requests per second and the 99th percentile in ms. */
async function load(url: string): Promise<{ rps: number; p99: number; bytes: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let bytes = 0;
  const end = performance.now() + SECONDS * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            latencies.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', reject);
    });
  const client = async () => {
    while (performance.now() < end) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))],
    bytes: bytes / latencies.length,
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(BUILD, 'index.html'))) throw new Error(`${BUILD} has no build: run npm run build first`);
  const html = fs.readFileSync(path.join(BUILD, `${PAGE}.html`), 'utf8');
  const main = cheerio.load(html)('script[src^="/assets/js/main."]').attr('src');
  if (!main) throw new Error(`${PAGE} loads no main.js`);
  const results: Record<Setup, Record<string, Array<{ rps: number; p99: number; bytes: number }>>> = { before: {}, after: {} };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const setup of round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
      const nginx = await startNginx({
        build: BUILD,
        probePath: PAGE,
        asBuilt: setup === 'before',
        editConf: setup === 'before' ? beforeIssue33 : undefined,
      });
      try {
        for (const [label, url] of [
          ['page', PAGE],
          ['main.js', main],
        ]) {
          const result = await load(nginx.origin + url);
          (results[setup][label] ??= []).push(result);
          console.error(`round ${round + 1} ${setup} ${label}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(0)} ms`);
        }
      } finally {
        await nginx.stop();
      }
    }
  }
  const rows = ['page', 'main.js'].map((label) => {
    const before = results.before[label];
    const after = results.after[label];
    const rps = [median(before.map((r) => r.rps)), median(after.map((r) => r.rps))];
    const p99 = [median(before.map((r) => r.p99)), median(after.map((r) => r.p99))];
    const kb = (after[0].bytes / 1024).toFixed(0);
    return `| ${label === 'page' ? `page ${PAGE}` : `main.js (${kb} KB gzip)`} | ${rps[0].toFixed(0)} | ${rps[1].toFixed(0)} | ${(rps[1] / rps[0]).toFixed(1)}x | ${p99[0].toFixed(0)} | ${p99[1].toFixed(0)} |`;
  });
  const report = [
    '# Hosting: requests per second through nginx, with gzip',
    '',
    `${new Date().toISOString()}, ${os.cpus().length} cores, ${CONCURRENCY} keep-alive clients, ${SECONDS} s per measurement, median of ${ROUNDS} interleaved rounds (npm run bench:hosting).`,
    'Before: the configuration before issue 33 (one worker, gzip on every request, build/ served as it is).',
    'After: the shipped configuration (a worker per core, `gzip_static` over the folder `npm run deploy:nginx` makes, with a .gz beside each text file).',
    '',
    '| what | before req/s | after req/s | after / before | before p99 ms | after p99 ms |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  console.log(report);
  fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'HOSTING.md'), report);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
