/**
 * The test loop's own time, as the last `npm test` left it: each step of scripts/test.sh (its start and
 * length, .bench/last-npm-test.json) and, from Playwright's JSON report of that run (.bench/e2e-report.json),
 * the browser pass and the crawl (tests/e2e/crawl.spec.ts: every sitemap page opened once). Rows for
 * `npm run bench` (and `npm run bench -- --only tests`); numbers, never a test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, table } from './weigh';

/** The budget of `npm test` on a 2-core machine (DESIGN: the checks are a product too). */
export const NPM_TEST_GOAL_SECONDS = 8 * 60;

type LastRun = { seconds: number; skipBuild: boolean; finishedAt: string; steps?: Array<{ name: string; seconds: number }> };
type Result = { duration: number; workerIndex: number };
type Suite = { suites?: Suite[]; specs?: Array<{ file: string; title: string; tests: Array<{ results: Result[] }> }> };
type Report = { suites: Suite[]; stats: { duration: number; expected: number; unexpected: number } };

const read = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, '.bench', file), 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** Every test's file, title and duration in the report. */
function results(report: Report): Array<{ file: string; title: string; ms: number }> {
  const out: Array<{ file: string; title: string; ms: number }> = [];
  const walk = (suite: Suite) => {
    suite.suites?.forEach(walk);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) for (const r of t.results) out.push({ file: spec.file, title: spec.title, ms: r.duration });
  };
  report.suites.forEach(walk);
  return out;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/** The last run's total against its goal, its steps, and the browser pass's figures. */
export function testTimes(): { total: { text: string; met: boolean | undefined }; table: string } {
  const last = read<LastRun>('last-npm-test.json');
  const report = read<Report>('e2e-report.json');
  const rows: string[][] = [];
  for (const step of last?.steps ?? []) rows.push([step.name, `${step.seconds} s`]);
  if (report) {
    const all = results(report);
    const crawl = all.filter((r) => r.file.endsWith('crawl.spec.ts') && /^part \d+ of \d+/.test(r.title));
    const pages = crawl.reduce((sum, r) => sum + Number(/\((\d+) pages\)/.exec(r.title)?.[1] ?? 0), 0);
    const crawlMs = crawl.reduce((sum, r) => sum + r.ms, 0);
    rows.push([
      'browser pass: wall time, and the tests’ own times summed (two workers)',
      `${seconds(report.stats.duration)}; ${seconds(all.reduce((sum, r) => sum + r.ms, 0))} over ${all.length} tests`,
    ]);
    rows.push([
      'the crawl: every sitemap page and /search, opened once (its parts’ times summed)',
      `${seconds(crawlMs)} for ${pages} pages (${(crawlMs / Math.max(pages, 1) / 1000).toFixed(2)} s a page)`,
    ]);
  }
  return {
    total: {
      text: last
        ? `${Math.floor(last.seconds / 60)} min ${last.seconds % 60} s${last.skipBuild ? ' (SKIP_BUILD)' : ''}, ${last.finishedAt}`
        : 'not run',
      met: last ? last.seconds <= NPM_TEST_GOAL_SECONDS : undefined,
    },
    table: rows.length > 0 ? table(['`npm test` (the last run), step by step', 'time'], rows) : 'No `npm test` has finished here yet.',
  };
}
