/**
 * Shared by the benchmarks: weigh a page's first load (every JS and CSS
 * response until network idle after hydration; gzip is zlib level 9 over each
 * body), open a page with the CPU throttled, and print a table. Numbers only.
 * (Serving the build: harness/servers.ts.)
 */
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page, Response } from '@playwright/test';
import { SEARCH_INDEX_FILE } from '../../src/search/records';

export const ROOT = resolve(import.meta.dirname, '../..');

type Asset = {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  prefetch: boolean;
  /** Requested after the page's load event. */
  afterLoad: boolean;
  /** Holds the built-in search's code: its engine (MiniSearch) or DocSearch's modal. */
  search: boolean;
};
export type Weight = {
  requests: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  /** main.js alone, gzip. */
  mainJsGzip: number;
  /** Elements in the document once the network is idle. */
  domNodes: number;
  /**
   * The built-in search's code that the page loads at idle after the load event (the search worker
   * and DocSearch's modal, src/search/browserClient.ts), gzip: not part of the sums above.
   */
  searchIdleJsGzip: number;
  /** The search index the page's search worker fetches at idle, gzip. */
  searchIndexGzip: number;
  /** Scripts the page requests before its load event (prefetches excluded), gzip. */
  scriptsBeforeLoadGzip: number;
  /** The longest task (Long Tasks API, 50 ms or more) that started after the load event and hydration; 0 if none. */
  idleLongestTaskMs: number;
  assets: Asset[];
};

function kindOf(response: Response): Asset['kind'] | null {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  const path = new URL(response.url()).pathname;
  if (type === 'script' || /javascript/.test(contentType) || path.endsWith('.js')) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType) || path.endsWith('.css')) return 'css';
  return null;
}

/**
 * Network idle after hydration: no request in flight for IDLE_MS. (Playwright's
 * `networkidle` can fire while a large script is still being parsed, before the
 * page has hydrated and prefetched the chunks of its links.)
 */
const IDLE_MS = 1000;
function trackRequests(page: Page): () => boolean {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return () => inFlight <= 0 && Date.now() - lastChange >= IDLE_MS;
}

async function networkIdle(isIdle: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isIdle()) {
    if (Date.now() > deadline) throw new Error(`no network idle within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Weighs the first load of `base + path` in a fresh context (empty cache), no interaction. */
export async function weighPage(browser: Browser, base: string, path: string): Promise<Weight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Never reach outside the machine.
  await page.route(/^https?:\/\//, (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()));
  const isIdle = trackRequests(page);
  await page.addInitScript(() => {
    const probe = { tasks: [] as { start: number; duration: number }[], hydratedAt: 0 };
    (window as unknown as { __idleProbe: typeof probe }).__idleProbe = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    // On the document: the init script runs before <html> exists.
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hasHydrated !== 'true') return;
      probe.hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-has-hydrated'] });
  });
  const pending: Promise<Asset | null>[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  let searchIndex: Promise<number> = Promise.resolve(0);
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith(`/${SEARCH_INDEX_FILE}`))
      searchIndex = response
        .body()
        .then((body) => gzipSync(body, { level: 9 }).length)
        .catch(() => 0);
    const kind = kindOf(response);
    if (!kind || !response.url().startsWith(base)) return;
    const afterLoad = loaded;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          kind,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          // <link rel=prefetch> requests are of type "other"; scripts the page runs are "script".
          prefetch: response.request().resourceType() === 'other',
          afterLoad,
          search: body.includes('MiniSearch: ') || body.includes('DocSearch-Modal'),
        }))
        .catch(() => null),
    );
  });
  const res = await page.goto(base + path, { waitUntil: 'load' });
  if (!res?.ok()) throw new Error(`${path} answered ${res?.status()}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  await networkIdle(isIdle);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const idleLongestTaskMs = await page.evaluate(() => {
    const probe = (window as unknown as { __idleProbe: { tasks: { start: number; duration: number }[]; hydratedAt: number } }).__idleProbe;
    const loadEnd = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
    const idle = Math.max(loadEnd, probe.hydratedAt);
    return Math.max(0, ...probe.tasks.filter((t) => t.start >= idle).map((t) => t.duration));
  });
  // A file fetched twice (a prefetch, then the script itself from the cache) counts once.
  const byUrl = new Map<string, Asset>();
  for (const asset of await Promise.all(pending))
    if (asset) byUrl.set(asset.url, { ...asset, prefetch: asset.prefetch && (byUrl.get(asset.url)?.prefetch ?? true) });
  const workerFiles = new Set<string>();
  for (const worker of page.workers()) {
    workerFiles.add(worker.url());
    for (const url of await worker.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))) workerFiles.add(url);
  }
  await context.close();
  // The search's code loaded at idle after the load event is weighed apart; loaded before it, it counts (and a budget fails).
  const searchIdle = (a: Asset) => a.afterLoad && (a.search || workerFiles.has(a.url));
  const all = [...byUrl.values()];
  const assets = all.filter((a) => !searchIdle(a));
  const sum = (kind: Asset['kind'], key: 'raw' | 'gzip') => assets.filter((a) => a.kind === kind).reduce((n, a) => n + a[key], 0);
  const js = assets.filter((a) => a.kind === 'js');
  return {
    requests: assets.length,
    jsRaw: sum('js', 'raw'),
    jsGzip: sum('js', 'gzip'),
    cssRaw: sum('css', 'raw'),
    cssGzip: sum('css', 'gzip'),
    mainJsGzip: js.filter((a) => /\/main\.[0-9a-f]+\.js$/.test(a.url)).reduce((n, a) => n + a.gzip, 0),
    domNodes,
    searchIdleJsGzip: all.filter((a) => searchIdle(a) && a.kind === 'js').reduce((n, a) => n + a.gzip, 0),
    searchIndexGzip: await searchIndex,
    scriptsBeforeLoadGzip: js.filter((a) => !a.prefetch && !a.afterLoad).reduce((n, a) => n + a.gzip, 0),
    idleLongestTaskMs,
    assets,
  };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The median of the benchmarks' runs. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * `path` of `base` in a new context (`options`), hydrated, with the CPU throttled by `throttle` (CDP
 * `Emulation.setCPUThrottlingRate`) and every other host refused; `init` runs in the page before its own scripts.
 * The caller closes the context; it is closed here when the page does not open.
 */
export async function throttledPage(
  browser: Browser,
  base: string,
  path: string,
  throttle: number,
  { init, options }: { init?: string; options?: BrowserContextOptions } = {},
) {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.route(/^https?:\/\//, (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()));
    if (init) await page.addInitScript({ content: init });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    return { context, page, cdp };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Two frames and a task later in `page`: the Event Timing entries of the last input are out. */
export const twoFrames = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));

/** A Markdown table, columns padded. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (c ?? '').padEnd(widths[i])).join(' | ') + ' |';
  return [line(header), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map(line)].join('\n');
}
