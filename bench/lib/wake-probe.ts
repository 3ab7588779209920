/**
 * The operation page's schema viewer as a reader wakes it, for the benchmark
 * (numbers, not a test).
 *
 * On /api/create-charge of a production build (fresh context, empty cache, CPU
 * throttled 4× with CDP `Emulation.setCPUThrottlingRate`), once the page has
 * hydrated and gone idle: the pointer moves onto the second response tab,
 * rests there HOVER_MS, and clicks it. The mouse events go out through CDP
 * `Input.dispatchMouseEvent` on that schedule without waiting for the page (a
 * frozen page must not slow the hand down and hide the freeze). Timed inside
 * the page:
 * - the click's interaction: the longest Event Timing entry
 *   (`PerformanceObserver` type `event`, `durationThreshold: 16`) with the
 *   click's `interactionId` (pointerdown, pointerup, click: input to the next
 *   paint, as INP counts it);
 * - the longest task (Long Tasks API, >= 50 ms) from the pointer's arrival to
 *   the tab shown as selected, and a second more (a transition that finishes
 *   late counts too).
 * Run by `npm run bench` (the goal rows) and alone by `npm run bench -- --only wake`.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from '@playwright/test';
import { brand } from '../../src/brand';
import { docusaurusServe } from '../../harness/servers';
import { median, table, throttledPage, twoFrames } from './weigh';

const WAKE_PATH = '/api/create-charge';
/** The pointer rests on the tab this long before the click: a quick reader's hover. */
const HOVER_MS = 250;
const TAB = '.openapi-tabs__response-list-container [role=tab]';
const WAKE_GOAL_MS = 200;

export type WakeRun = { interactionMs: number; longestTaskMs: number; selected: boolean };

type Probe = {
  armed: boolean;
  overAt: number | null;
  events: Array<{ name: string; start: number; duration: number; interactionId: number }>;
  tasks: Array<{ start: number; duration: number }>;
};

/** Runs in the page before its own scripts. */
function instrument(): void {
  const probe: Probe = { armed: false, overAt: null, events: [], tasks: [] };
  (window as unknown as { __wakeProbe: Probe }).__wakeProbe = probe;
  new PerformanceObserver((list) => {
    // interactionId is newer than this TypeScript's DOM types.
    for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
      probe.events.push({ name: e.name, start: e.startTime, duration: e.duration, interactionId: e.interactionId ?? 0 });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'pointerover',
    (e) => {
      if (probe.armed && probe.overAt === null) probe.overAt = e.timeStamp;
    },
    { capture: true, passive: true },
  );
}

function mouseNow(cdp: CDPSession, type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', x: number, y: number): void {
  const button = type === 'mouseMoved' ? 'none' : 'left';
  void cdp.send('Input.dispatchMouseEvent', { type, x, y, button, clickCount: type === 'mouseMoved' ? 0 : 1 }).catch(() => {});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function wakeRun(browser: Browser, base: string, throttle: number): Promise<WakeRun> {
  const { context, page, cdp } = await throttledPage(browser, base, WAKE_PATH, throttle, {
    // As source: tsx names inner functions through a `__name` helper that the page lacks.
    init: `var __name = (f) => f; (${instrument.toString()})();`,
    options: { viewport: { width: 1280, height: 900 } },
  });
  try {
    const tab = page.locator(TAB).nth(1);
    // Into view without a wheel or the pointer, then an idle moment: the page has settled.
    await tab.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestIdleCallback(() => requestAnimationFrame(() => setTimeout(resolve, 0)), { timeout: 10_000 })),
    );
    const box = await tab.boundingBox();
    if (!box) throw new Error(`${WAKE_PATH}: the second response tab has no box`);
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.evaluate(() => {
      (window as unknown as { __wakeProbe: Probe }).__wakeProbe.armed = true;
    });

    // The hand: onto the tab, a rest, a click; whatever the page is doing.
    mouseNow(cdp, 'mouseMoved', x, y);
    await sleep(HOVER_MS);
    mouseNow(cdp, 'mousePressed', x, y);
    mouseNow(cdp, 'mouseReleased', x, y);
    const selected = await page
      .locator(TAB)
      .nth(1)
      .and(page.locator('[aria-selected=true]'))
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    // A second more (a late commit counts), then two frames: the click's Event Timing entries are out.
    await sleep(1000);
    await twoFrames(page);
    const probe = await page.evaluate(() => (window as unknown as { __wakeProbe: Probe }).__wakeProbe);
    const from = probe.overAt ?? Infinity;
    const click = probe.events.find((e) => e.name === 'click' && e.start >= from - 1 && e.interactionId);
    const interaction = probe.events.filter((e) => click && e.interactionId === click.interactionId);
    const tasks = probe.tasks.filter((t) => t.start + t.duration >= from);
    if (process.env.WAKE_PROBE_DEBUG) console.error(JSON.stringify({ from, click, interaction, tasks }));
    return {
      // No entry for the click: it took less than 16 ms to paint.
      interactionMs: click ? Math.max(...interaction.map((e) => e.duration)) : 0,
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      selected,
    };
  } finally {
    await context.close();
  }
}

/** `runs` runs at 4× CPU; a run whose browser went away (the machine is shared) is done again in a new one, up to 3 times. */
export async function probeWake(launch: () => Promise<Browser>, base: string, runs: number, label = ''): Promise<WakeRun[]> {
  const out: WakeRun[] = [];
  let browser = await launch();
  let retries = 3;
  try {
    for (let i = 0; i < runs; i++) {
      let run: WakeRun;
      try {
        run = await wakeRun(browser, base, 4);
      } catch (error) {
        if (browser.isConnected() || retries-- === 0) throw error;
        browser = await launch();
        run = await wakeRun(browser, base, 4);
      }
      console.error(
        `wake run ${i + 1}/${runs}${label}: interaction ${Math.round(run.interactionMs)} ms, longest task ${Math.round(run.longestTaskMs)} ms, tab selected: ${run.selected}`,
      );
      out.push(run);
    }
  } finally {
    await browser.close().catch(() => {});
  }
  return out;
}

function spread(values: number[]): string {
  return `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
}

/**
 * The goal rows: [figure, before, this build, goal, result]. `before` is another build's runs
 * (`--only wake` with BENCH_BEFORE_DIR), or none.
 */
export function wakeGoalRows(runs: WakeRun[], before?: WakeRun[]): string[][] {
  const row = (figure: string, key: 'interactionMs' | 'longestTaskMs') => {
    const values = runs.map((r) => r[key]);
    const ok = median(values) <= WAKE_GOAL_MS && runs.every((r) => r.selected);
    return [figure, before ? spread(before.map((r) => r[key])) : '—', spread(values), `≤ ${WAKE_GOAL_MS} ms`, ok ? 'met' : 'MISSED'];
  };
  return [
    row(`operation page (${WAKE_PATH}), CPU 4×, hover then click on a response tab: the click's interaction`, 'interactionMs'),
    row('the same: longest task from the hover to the tab selected (+1 s)', 'longestTaskMs'),
    [
      'the same: the clicked tab selected',
      before ? `${before.filter((r) => r.selected).length}/${before.length} runs` : '—',
      `${runs.filter((r) => r.selected).length}/${runs.length} runs`,
      'all',
      runs.every((r) => r.selected) ? 'met' : 'MISSED',
    ],
  ];
}

/** bench/WAKE.md: `build` and, when given, `beforeBuild` (an earlier commit's) measured in one session, runs interleaved. */
export async function wakeReport(
  launch: () => Promise<Browser>,
  build: string,
  beforeBuild: string | undefined,
  runs: number,
): Promise<string> {
  const dirs = [beforeBuild, build];
  const servers = await Promise.all(dirs.map((dir) => (dir ? docusaurusServe(path.resolve(dir), brand.homeRoute) : undefined)));
  const results: WakeRun[][] = [[], []];
  try {
    for (let i = 0; i < runs; i++) {
      for (const [k, server] of servers.entries()) {
        if (server) results[k].push(...(await probeWake(launch, server.base, 1, ` (${k ? 'this build' : 'before'}, ${i + 1}/${runs})`)));
      }
    }
  } finally {
    for (const server of servers) server?.stop();
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  const before = beforeBuild ? ` Before: ${path.resolve(beforeBuild)}.` : '';
  return [
    '# Operation page wake benchmark',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, load average at the end ${load}; ${WAKE_PATH}, CPU 4×, the pointer onto the second response tab, ${HOVER_MS} ms, a click; median of ${runs} runs (min–max).${before}`,
    '',
    table(
      ['figure', beforeBuild ? 'before' : 'bare template', 'this site', 'goal', 'result'],
      wakeGoalRows(results[1], beforeBuild ? results[0] : undefined),
    ),
    '',
  ].join('\n');
}
