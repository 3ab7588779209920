/**
 * Performance benchmark (`npm run bench`): numbers, not a test. In one run it
 * measures this site and the bare Docusaurus classic template (create-docusaurus,
 * TypeScript, built in a temporary folder) as the floor of this stack:
 * - build time and the size of build/;
 * - per page: first-load JS and CSS (raw and gzip), requests, and Lighthouse
 *   (mobile preset, Debian chromium) performance, accessibility, best practices
 *   and SEO with LCP, TBT and CLS (median of RUNS runs, pages interleaved);
 * - the search modal, typed into from Ctrl+K at 120 ms a key with the CPU
 *   throttled 4x and as is (bench/lib/search-probe.ts), and the relevance set
 *   (bench/lib/search-goals.ts): each search figure with its goal;
 * - the duration of the last `npm test`, step by step, with its browser pass and its crawl (bench/lib/test-times.ts);
 * - the ratio of each figure to the template's docs page, and the goals.
 * Prints a table and writes it to bench/RESULTS.md.
 *
 * The build is cold: `docusaurus clear` first (caches and generated files).
 * Options: RUNS=5, BENCH_SKIP_BUILD=1 (reuse build/), BENCH_BUILD_DIR=path (with BENCH_SKIP_BUILD:
 * measure another build, e.g. an earlier commit's, against the same template), BARE_DIR=path (where the template lives),
 * SEARCH_RUNS=5 (typing runs per search scenario).
 * `npm run bench -- --only search` (or `npm run bench:search`) measures the search alone over the
 * existing build/ (no build, template or Lighthouse) and writes bench/SEARCH.md; `--only wake` (`npm run
 * bench:wake`) the operation page's wake alone (bench/lib/wake-probe.ts, WAKE_RUNS=5), into bench/WAKE.md.
 * With either, BENCH_BEFORE_DIR=path measures another build (an earlier commit's) in the same sitting, runs
 * interleaved, as the "before" column. The search rows include the typist's floor on a bare page. `--only tests`
 * (`npm run bench:tests`) prints the last `npm test`'s rows alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { brand } from '../src/brand';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/chromium';
import { docusaurusServe } from '../harness/servers';
import { ROOT, kb, table, weighPage, type Weight } from './lib/weigh';
import { probeSearchTyping } from './lib/search-probe';
import { searchReport } from './lib/search-report';
import { probeTypingFloor } from './lib/typing-floor';
import { probeWake, wakeGoalRows, wakeReport } from './lib/wake-probe';
import { searchGoalRows } from './lib/search-goals';
import { DOCUSAURUS_VERSION, dirSize, prepareBareTemplate, run } from './lib/bare-template';
import { mcpBenchmark } from './bench-mcp';
import { lighthouseOnce, medianOf, type Lh } from './lib/lighthouse';
import { startNginx } from '../harness/nginx';
import { NPM_TEST_GOAL_SECONDS, testTimes } from './lib/test-times';
import {
  FLOOR,
  TARGETS,
  budgetRows,
  earlierGoalRows,
  goal,
  nginxTable,
  pageGoals,
  pageRows,
  ratio,
  type Median,
  type Target,
} from './lib/page-tables';

const RUNS = Number(process.env.RUNS ?? 5);
const SEARCH_RUNS = Number(process.env.SEARCH_RUNS ?? 5);
const WAKE_RUNS = Number(process.env.WAKE_RUNS ?? 5);
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? process.argv[i + 1] : undefined;
})();

const launchBrowser = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Prints a report and keeps it as bench/<file> (committed: the last measured figures). */
function report(file: string, out: string): void {
  console.log(out);
  fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', file), out);
}

/** `--only search`: the search rows over the existing build/ (beside BENCH_BEFORE_DIR's), nothing else. */
async function searchOnly(): Promise<void> {
  const build = path.resolve(process.env.DOCS_BUILD_DIR ?? path.join(ROOT, 'build'));
  report('SEARCH.md', await searchReport(launchBrowser, build, process.env.BENCH_BEFORE_DIR, TARGETS[1].path, SEARCH_RUNS));
}

/** `--only wake`: the wake rows (bench/lib/wake-probe.ts) over the existing build/ and BENCH_BEFORE_DIR. */
async function wakeOnly(): Promise<void> {
  const dirs = [process.env.BENCH_BEFORE_DIR, process.env.DOCS_BUILD_DIR ?? path.join(ROOT, 'build')] as const;
  report('WAKE.md', await wakeReport(launchBrowser, dirs[1], dirs[0], WAKE_RUNS));
}

/** The two builds measured: this site's and the bare template's. */
type Builds = { ours: string; bare: string };

/** Lighthouse's runs of each page, through `docusaurus serve` and through nginx. */
type Lighthouses = { served: Map<Target, Lh[]>; nginx: Map<Target, Lh[]> };

/** What one run measures of both sites, with the servers stopped after. */
type Measured = { weights: Map<Target, Weight>; search: string; wake: string[][]; lighthouse: Lighthouses };

/** Weighs each page, types into the search, wakes the schema viewer and runs Lighthouse RUNS times, pages interleaved. */
async function measure(ourBuild: string, bareBuild: string): Promise<Measured> {
  const servers = {
    ours: await docusaurusServe(ourBuild, brand.homeRoute),
    bare: await docusaurusServe(bareBuild, '/docs/intro'),
  };
  // The same pages through the shipped nginx configuration, compressed and with the CSP, as readers get them.
  const nginx = {
    ours: await startNginx({ build: ourBuild, probePath: brand.homeRoute }),
    bare: await startNginx({ build: bareBuild, probePath: '/docs/intro' }),
  };
  try {
    const browser = await launchBrowser();
    const weights = new Map<Target, Weight>();
    for (const t of TARGETS) weights.set(t, await weighPage(browser, servers[t.site].base, t.path));
    await browser.close();
    const guideWeight = weights.get(TARGETS[1]);
    const search = await searchGoalRows(
      await probeSearchTyping(launchBrowser, servers.ours.base, TARGETS[1].path, SEARCH_RUNS),
      ourBuild,
      guideWeight && { code: guideWeight.searchIdleJsGzip, index: guideWeight.searchIndexGzip },
      { floor: await probeTypingFloor(launchBrowser, SEARCH_RUNS) },
    );
    const wake = wakeGoalRows(await probeWake(launchBrowser, servers.ours.base, WAKE_RUNS));
    const lighthouse: Lighthouses = { served: new Map(TARGETS.map((t) => [t, []])), nginx: new Map(TARGETS.map((t) => [t, []])) };
    for (let i = 0; i < RUNS; i++) {
      for (const t of TARGETS) {
        console.error(`lighthouse run ${i + 1}/${RUNS}: ${t.site} ${t.path}, docusaurus serve and nginx`);
        lighthouse.served.get(t)?.push(lighthouseOnce(servers[t.site].base + t.path));
        lighthouse.nginx.get(t)?.push(lighthouseOnce(nginx[t.site].origin + t.path));
      }
    }
    return { weights, search, wake, lighthouse };
  } finally {
    servers.ours.stop();
    servers.bare.stop();
    await Promise.all([nginx.ours.stop(), nginx.bare.stop()]);
  }
}

const sitemapRoutes = (dir: string) => (fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8').match(/<loc>/g) ?? []).length;

/** The goals of the speed issue, each as measured in this run. */
function goalRows({ weights, wake }: Measured, med: Median, builds: Builds, tests: ReturnType<typeof testTimes>): string[][] {
  const floorW = weights.get(FLOOR) as Weight;
  const g = weights.get(TARGETS[1]) as Weight;
  const searchAtIdle = g.searchIdleJsGzip + g.searchIndexGzip;
  return [
    ...pageGoals(med, TARGETS[1], 1.5, 3, false),
    ...pageGoals(med, TARGETS[2], 1.5, 3, false),
    ...pageGoals(med, TARGETS[3], 2.5, 12, false),
    ...pageGoals(med, TARGETS[4], 2.0, 8, true),
    ...wake,
    goal(
      'guide page scripts requested before the load event, gzip (prefetch excluded)',
      `${kb(floorW.scriptsBeforeLoadGzip)} KB`,
      `${kb(g.scriptsBeforeLoadGzip)} KB (${ratio(g.scriptsBeforeLoadGzip, floorW.scriptsBeforeLoadGzip)}); main.js ${kb(g.mainJsGzip)} vs ${kb(floorW.mainJsGzip)} KB`,
      '≤ 1.10×',
      g.scriptsBeforeLoadGzip <= 1.1 * floorW.scriptsBeforeLoadGzip,
    ),
    goal(
      'guide page: search bytes fetched at idle on a first visit, gzip (worker and engine code, index)',
      '—',
      `${kb(searchAtIdle)} KB (code ${kb(g.searchIdleJsGzip)} KB, index ${kb(g.searchIndexGzip)} KB)`,
      '≤ 150 KB',
      searchAtIdle <= 150 * 1024,
    ),
    goal('routes in the sitemap', String(sitemapRoutes(builds.bare)), String(sitemapRoutes(builds.ours)), 'report', undefined),
    goal('`npm test` (the last run; its steps below)', '—', tests.total.text, `≤ ${NPM_TEST_GOAL_SECONDS / 60} min`, tests.total.met),
  ];
}

/** The build table: each site's build time and size. */
function buildTable(builds: Builds, buildMs: number, bareBuildMs: number): string {
  const size = dirSize(builds.ours);
  const bareSize = dirSize(builds.bare);
  return table(
    ['site', 'build time', 'build/ size', 'files'],
    [
      [
        'this site (gen-api + build)',
        Number.isNaN(buildMs) ? 'skipped' : `${(buildMs / 1000).toFixed(0)} s`,
        `${(size.bytes / 1024 / 1024).toFixed(1)} MB`,
        String(size.files),
      ],
      ['bare template', `${(bareBuildMs / 1000).toFixed(0)} s`, `${(bareSize.bytes / 1024 / 1024).toFixed(1)} MB`, String(bareSize.files)],
    ],
  );
}

async function main(): Promise<void> {
  if (ONLY === 'search') return searchOnly();
  if (ONLY === 'wake') return wakeOnly();
  if (ONLY === 'tests') return void console.log(testTimes().table);
  if (ONLY) throw new Error(`--only ${ONLY}: only "search", "wake" and "tests" are known`);
  const ourBuild = path.resolve(ROOT, process.env.BENCH_SKIP_BUILD === '1' ? (process.env.BENCH_BUILD_DIR ?? 'build') : 'build');
  if (process.env.BENCH_SKIP_BUILD !== '1') run('npx', ['docusaurus', 'clear'], ROOT);
  const buildMs = process.env.BENCH_SKIP_BUILD === '1' ? NaN : run('npm', ['run', 'build'], ROOT);
  const bareSite = prepareBareTemplate();
  const bareBuildMs = run('npm', ['run', 'build'], bareSite);
  const builds = { ours: ourBuild, bare: path.join(bareSite, 'build') };

  const measured = await measure(builds.ours, builds.bare);
  const tests = testTimes();
  const { served, nginx } = measured.lighthouse;
  const med: Median = (t, key) => medianOf(served.get(t) ?? [], key);
  const failingAudits = (t: Target) => [...new Set((served.get(t) ?? []).flatMap((r) => r.failing))].join(', ') || '—';
  const out = [
    `# Benchmark results`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), Node ${process.version}, Docusaurus ${DOCUSAURUS_VERSION}, Lighthouse mobile preset, median of ${RUNS} interleaved runs. Absolute Lighthouse scores on this machine are far below a real phone's; compare ratios to the template measured in the same run.`,
    '',
    '## Build',
    '',
    buildTable(builds, buildMs, bareBuildMs),
    '',
    '## Pages (first load until network idle; KB raw / gzip)',
    '',
    table(
      ['page', 'requests', 'JS KB', 'CSS KB', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'vs template'],
      pageRows(measured.weights, med),
    ),
    '',
    '## Through the shipped nginx (deploy/render.ts: precompressed, the CSP enforced), the template through the same',
    '',
    nginxTable(TARGETS, nginx),
    '',
    '## Goals (an API reference as light as a guide page; ratios to the template measured in this run)',
    '',
    table(['figure', 'bare template', 'this site', 'goal', 'result'], goalRows(measured, med, builds, tests)),
    '',
    '## Weight and build (earlier goals)',
    '',
    table(['figure', 'bare template', 'this site', 'goal', 'result'], earlierGoalRows(measured.weights, buildMs, bareBuildMs)),
    '',
    `## Search (from Ctrl+K, "refund" at 120 ms a key; median of ${SEARCH_RUNS} runs, min–max)`,
    '',
    measured.search,
    '',
    '## The test loop (the last `npm test`)',
    '',
    tests.table,
    '',
    '## MCP server (search_docs and get_operation against this build)',
    '',
    await mcpBenchmark(ourBuild),
    '',
    '## Budgets',
    '',
    table(['budget', 'result', 'measured'], budgetRows(measured.weights, med)),
    '',
    '## Audits below full marks (accessibility, best practices, SEO; any run)',
    '',
    table(
      ['page', 'audits'],
      TARGETS.map((t) => [`${t.label} (${t.path})`, failingAudits(t)]),
    ),
    '',
  ].join('\n');
  report('RESULTS.md', out);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
