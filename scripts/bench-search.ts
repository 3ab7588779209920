/**
 * Search benchmark (numbers, not a test): the built index's size, and how fast
 * the engine builds and answers in Node, over the relevance set's queries.
 * Run after a build: `npm run bench:search`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createEngine } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../src/search/records';
import { relevanceSet } from '../tests/fixtures/search-relevance';
import { runRelevance } from '../tests/unit/search-relevance';

const file = path.resolve(process.env.DOCS_BUILD_DIR ?? 'build', SEARCH_INDEX_FILE);
const raw = fs.readFileSync(file);
const index = JSON.parse(raw.toString('utf8')) as SearchIndexFile;

const t0 = performance.now();
const engine = createEngine(index.records);
const buildMs = performance.now() - t0;

const queries = [...relevanceSet.map((c) => c.query), 'payout', 'charge', 'invoice', 'webhook', 'a', 'status'];
for (const q of queries) engine.search(q); // warm up
const times: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const q of queries) {
    const start = performance.now();
    engine.search(q);
    times.push(performance.now() - start);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const relevance = runRelevance(engine);

const rows: Array<[string, string, string]> = [
  ['records', String(index.records.length), ''],
  ['index size (raw)', `${(raw.length / 1024).toFixed(1)} KB`, ''],
  ['index size (gzip -9)', `${(gzipSync(raw, { level: 9 }).length / 1024).toFixed(1)} KB`, 'budget 150 KB'],
  ['engine build (Node)', `${buildMs.toFixed(0)} ms`, 'once, on the first search'],
  ['query median', `${pct(50).toFixed(2)} ms`, 'budget 5 ms'],
  ['query p95', `${pct(95).toFixed(2)} ms`, 'budget 20 ms'],
  ['queries timed', String(times.length), ''],
  ['relevance (top 3)', `${relevance.filter((r) => r.pass).length}/${relevance.length}`, ''],
];
console.log('| measure | value | note |\n|---|---|---|');
for (const [a, b, c] of rows) console.log(`| ${a} | ${b} | ${c} |`);
