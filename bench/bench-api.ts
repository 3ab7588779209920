/**
 * Page weight of the API Reference (run: `node --import tsx bench/bench-api.ts`).
 *
 * Serves the production build (build/) on a free loopback port, opens each page
 * below in a fresh Debian chromium context (empty cache), records every JS and
 * CSS response until network idle after hydration (first load, no interaction;
 * prefetches of linked pages included) and prints one row per page: requests
 * (distinct JS and CSS files), JS raw/gzip KB and CSS raw/gzip KB (gzip: zlib
 * level 9 over each body). Pages over the JS budget (500 KB gzip) are flagged.
 * Numbers only: no timing, no pass/fail.
 *
 * Options: PAGES=/a,/b (other pages), BUDGET_KB=500, VERBOSE=1 (list each file),
 * BUILD_DIR=path (another build directory than build/).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { brand } from '../src/brand';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/chromium';
import { docusaurusServe } from '../harness/servers';
import { ROOT, kb, table, weighPage } from './lib/weigh';

const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? 'build');
const PAGES = process.env.PAGES?.split(',').filter(Boolean) ?? [
  '/api',
  '/api/create-charge',
  '/api/send-mass-payout',
  '/api/get-convert-token',
  '/guides/charges/creating',
];
const BUDGET_KB = Number(process.env.BUDGET_KB ?? 500);
const VERBOSE = process.env.VERBOSE === '1';

async function main(): Promise<void> {
  if (!existsSync(resolve(BUILD_DIR, 'index.html')) && !existsSync(resolve(BUILD_DIR, '404.html'))) {
    throw new Error('build/ is missing: run `npm run build` first');
  }
  const { base, stop } = await docusaurusServe(BUILD_DIR, brand.homeRoute);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows: string[][] = [];
    const over: string[] = [];
    for (const path of PAGES) {
      const w = await weighPage(browser, base, path);
      const flag = w.jsGzip > BUDGET_KB * 1024 ? `OVER ${BUDGET_KB}` : '';
      if (flag) over.push(path);
      rows.push([path, String(w.requests), kb(w.jsRaw), kb(w.jsGzip), kb(w.cssRaw), kb(w.cssGzip), flag]);
      if (VERBOSE) {
        for (const a of [...w.assets].sort((x, y) => y.gzip - x.gzip)) {
          console.log(`  ${path}  ${a.kind}  ${kb(a.raw).padStart(8)}  ${kb(a.gzip).padStart(7)}  ${new URL(a.url).pathname}`);
        }
      }
    }
    console.log(`\nFirst load until network idle (JS and CSS responses; ${BUILD_DIR} served at ${base})\n`);
    console.log(
      table(['page', 'requests', 'JS raw KB', 'JS gzip KB', 'CSS raw KB', 'CSS gzip KB', `budget (${BUDGET_KB} KB gzip JS)`], rows),
    );
    console.log(over.length ? `\nOver the JS budget: ${over.join(', ')}` : `\nAll pages within ${BUDGET_KB} KB gzip of JS.`);
  } finally {
    await browser.close();
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
