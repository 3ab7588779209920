/**
 * The search modal as a reader meets it, for the benchmark (numbers, not a test).
 *
 * On a guide page of the production build (fresh context, empty cache), with
 * Chrome's CPU throttled by `throttle` (CDP `Emulation.setCPUThrottlingRate`):
 * press Ctrl+K (Ctrl goes down 50 ms before K, as a hand plays the chord), then
 * type "refund" at 120 ms a key, the pace of a quick typist.
 * Keys go out through CDP `Input.dispatchKeyEvent` on a fixed schedule without
 * waiting for the page (Playwright's `keyboard.type` waits until the page has
 * handled each key, so a frozen page would slow the typist down and hide the
 * freeze). Everything is timed inside the page, from the Ctrl+K keydown's own
 * timestamp, except that work started by Ctrl going down counts too:
 * - worst interaction: the longest Event Timing entry (`PerformanceObserver`
 *   type `event`, `durationThreshold: 16`, with an `interactionId`: keydown to
 *   the next paint, as INP counts it), Ctrl, Ctrl+K and the six keys;
 * - longest task: the longest Long Tasks entry (>= 50 ms) that overlaps the span
 *   from Ctrl going down to the first hit on screen;
 * - keys land: Ctrl+K to the frame that shows the whole query in the field;
 * - first hit: Ctrl+K to the frame that shows the first hit.
 * `openFor` waits that long after the page has loaded before Ctrl+K (a reader
 * who has been reading the page for a while); 0 is a fresh page.
 * Issue 42's "first search" has a typist of its own (`firstSearchRun`).
 */
import type { Browser, CDPSession } from '@playwright/test';
import { throttledPage, twoFrames } from './weigh';

export const QUERY = 'refund';
const KEY_INTERVAL_MS = 120;
/** Ctrl goes down this long before K. */
const CHORD_MS = 50;

export type TypingRun = {
  worstInteractionMs: number;
  longestTaskMs: number;
  keysLandMs: number;
  firstHitMs: number;
  /** Issue 42's first search (`firstSearchRun`), for a scenario that measures it. */
  firstSearchMs?: number;
  /** What the field held at the end ("refund" unless keys were lost). */
  value: string;
};

type Probe = {
  ctrlDown: number | null;
  ctrlK: number | null;
  keysAt: number | null;
  hitAt: number | null;
  events: Array<{ name: string; start: number; duration: number }>;
  tasks: Array<{ start: number; duration: number }>;
};

/** Runs in the page before its own scripts. */
function instrument(query: string): void {
  const probe: Probe = { ctrlDown: null, ctrlK: null, keysAt: null, hitAt: null, events: [], tasks: [] };
  (window as unknown as { __searchProbe: Probe }).__searchProbe = probe;
  new PerformanceObserver((list) => {
    // interactionId is newer than this TypeScript's DOM types.
    for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
      if (e.interactionId) probe.events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const painted = (set: (t: number) => void) => requestAnimationFrame(() => set(performance.now()));
  document.addEventListener(
    'keydown',
    (e) => {
      if (probe.ctrlDown === null && e.key === 'Control') probe.ctrlDown = e.timeStamp;
      if (probe.ctrlK === null && e.ctrlKey && e.key.toLowerCase() === 'k') probe.ctrlK = e.timeStamp;
    },
    true,
  );
  document.addEventListener(
    'input',
    (e) => {
      const field = e.target as HTMLInputElement;
      if (probe.keysAt === null && field.matches?.('.DocSearch-Input') && field.value === query) painted((t) => (probe.keysAt ??= t));
    },
    true,
  );
  new MutationObserver((_, observer) => {
    if (probe.hitAt === null && document.querySelector('.DocSearch-Hit')) {
      observer.disconnect();
      painted((t) => (probe.hitAt ??= t));
    }
  }).observe(document, { childList: true, subtree: true });
}

const KEY_CODES: Record<string, number> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyz'].map((c) => [c, c.toUpperCase().charCodeAt(0)]),
);

/** Sends one key press without waiting for the page to handle it. */
function pressNow(cdp: CDPSession, key: string, modifiers = 0): void {
  const base = { key, code: `Key${key.toUpperCase()}`, windowsVirtualKeyCode: KEY_CODES[key], modifiers };
  const text = modifiers === 0 ? { text: key, unmodifiedText: key } : {};
  void cdp.send('Input.dispatchKeyEvent', { type: modifiers ? 'rawKeyDown' : 'keyDown', ...base, ...text }).catch(() => {});
  void cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base }).catch(() => {});
}

/** The typist: QUERY's keys, one every KEY_INTERVAL_MS from `start` (performance.now()), whatever the page is doing. */
export async function typeQuery(cdp: CDPSession, start: number): Promise<void> {
  for (const [i, key] of [...QUERY].entries()) {
    const due = start + (i + 1) * KEY_INTERVAL_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    pressNow(cdp, key);
  }
}

const CTRL = 2;

/** Ctrl going down alone, as a keyboard sends it before the key it modifies. */
function ctrlDownNow(cdp: CDPSession): void {
  const base = { key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: CTRL };
  void cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...base }).catch(() => {});
}

function ctrlUpNow(cdp: CDPSession): void {
  void cdp
    .send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: 0 })
    .catch(() => {});
}

async function typingRun(browser: Browser, base: string, path: string, throttle: number, openFor = 0): Promise<TypingRun> {
  // As source: tsx names inner functions through a `__name` helper that the page lacks.
  const init = `var __name = (f) => f; (${instrument.toString()})(${JSON.stringify(QUERY)});`;
  const { context, page, cdp } = await throttledPage(browser, base, path, throttle, { init });
  try {
    if (openFor > 0) await page.waitForTimeout(openFor); // the scenario: a page a reader has had open for a while

    // The typist: Ctrl, K 50 ms later, then one key every 120 ms, whatever the page is doing.
    ctrlDownNow(cdp);
    await new Promise((resolve) => setTimeout(resolve, CHORD_MS));
    const start = performance.now();
    pressNow(cdp, 'k', CTRL);
    ctrlUpNow(cdp);
    await typeQuery(cdp, start);
    // Until the query is in the field and a hit is on screen (a field that never reads the whole query,
    // keys lost, counts as landing at the end of the wait: 20 s after Ctrl+K).
    await page.waitForFunction(
      () => {
        const p = (window as unknown as { __searchProbe: Probe }).__searchProbe;
        return p.hitAt !== null && (p.keysAt !== null || (p.ctrlK !== null && performance.now() - p.ctrlK > 20_000));
      },
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    // Results for the whole query on screen, then two frames: the Event Timing entries of the last keys are out.
    await page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible', timeout: 60_000 });
    await twoFrames(page);
    const probe = await page.evaluate(() => (window as unknown as { __searchProbe: Probe }).__searchProbe);
    const value = await page.locator('.DocSearch-Input').inputValue();
    const t0 = probe.ctrlK ?? NaN;
    const hitAt = probe.hitAt ?? NaN;
    const from = Math.min(t0, probe.ctrlDown ?? t0);
    const events = probe.events.filter((e) => e.start >= from - 1);
    const tasks = probe.tasks.filter((t) => t.start + t.duration >= from && t.start <= hitAt);
    if (process.env.SEARCH_PROBE_DEBUG) console.error(JSON.stringify({ t0, hitAt, keysAt: probe.keysAt, events, tasks }));
    return {
      worstInteractionMs: Math.max(0, ...events.map((e) => e.duration)),
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      keysLandMs: (probe.keysAt ?? Infinity) - t0,
      firstHitMs: hitAt - t0,
      value,
    };
  } finally {
    await context.close();
  }
}

/**
 * Issue 42's "first search" (the row of 0f190e6's benchmark, which issue 20's rows replaced): on a fresh page, Ctrl+K,
 * then QUERY through Playwright's own typist, 30 ms a key, which waits until the page has handled each key; the time
 * from the last key handled to the first hit visible, read in Node as that row read it.
 */
async function firstSearchRun(browser: Browser, base: string, path: string, throttle: number): Promise<number> {
  const { context, page } = await throttledPage(browser, base, path, throttle);
  try {
    await page.keyboard.press('Control+k');
    await page.keyboard.type(QUERY, { delay: 30 });
    const start = performance.now();
    await page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible', timeout: 60_000 });
    return performance.now() - start;
  } finally {
    await context.close();
  }
}

/** `firstSearch`: each run of the scenario also measures issue 42's first search (`firstSearchRun`) on a page of its own. */
export type Scenario = { label: string; throttle: number; openFor: number; firstSearch?: true };
export const SCENARIOS: Scenario[] = [
  { label: 'CPU 4x, fresh page', throttle: 4, openFor: 0, firstSearch: true },
  { label: 'CPU 4x, page open 5 s', throttle: 4, openFor: 5000 },
  { label: 'CPU 1x, fresh page', throttle: 1, openFor: 0 },
];

type Runs = Map<string, TypingRun[]>;
const emptyRuns = (): Runs => new Map(SCENARIOS.map((s) => [s.label, []]));

/**
 * Runs `rounds` rounds in one browser: each round, one run of every scenario on each of `sites` in turn,
 * into that site's runs. A run whose browser went away (the machine is shared) is logged and done again
 * in a new browser, up to 3 times.
 */
async function probeRounds(
  launch: () => Promise<Browser>,
  sites: Array<{ base: string; runs: Runs; name: string }>,
  path: string,
  rounds: number,
): Promise<void> {
  let browser = await launch();
  let retries = 3;
  try {
    for (let i = 0; i < rounds; i++) {
      for (const site of sites) {
        for (const s of SCENARIOS) {
          const tag = `search run ${i + 1}/${rounds}${site.name}, ${s.label}`;
          const once = async (): Promise<TypingRun> => {
            const run = await typingRun(browser, site.base, path, s.throttle, s.openFor);
            return s.firstSearch ? { ...run, firstSearchMs: await firstSearchRun(browser, site.base, path, s.throttle) } : run;
          };
          let run: TypingRun;
          try {
            run = await once();
          } catch (error) {
            if (browser.isConnected() || retries-- === 0) throw error;
            console.error(`${tag}: the browser went away, again in a new one`);
            browser = await launch();
            run = await once();
          }
          console.error(
            `${tag}: worst interaction ${Math.round(run.worstInteractionMs)} ms, longest task ${Math.round(run.longestTaskMs)} ms, keys ${Math.round(run.keysLandMs)} ms, first hit ${Math.round(run.firstHitMs)} ms, field "${run.value}"${run.firstSearchMs === undefined ? '' : `, first search ${Math.round(run.firstSearchMs)} ms`}`,
          );
          site.runs.get(s.label)?.push(run);
        }
      }
    }
  } finally {
    await browser.close().catch(() => {});
  }
}

/** Each scenario `runs` times, interleaved, in one browser; the runs of each scenario by its label. */
export async function probeSearchTyping(launch: () => Promise<Browser>, base: string, path: string, runs: number): Promise<Runs> {
  const out = emptyRuns();
  await probeRounds(launch, [{ base, runs: out, name: '' }], path, runs);
  return out;
}

/**
 * The runs of two builds in one sitting and one browser, for a before and after: `runs` rounds, each one
 * run of every scenario on `before` then on `now`, so that the machine's state weighs on both alike.
 */
export async function probeSearchTypingPair(
  launch: () => Promise<Browser>,
  bases: { before: string; now: string },
  path: string,
  runs: number,
): Promise<{ before: Runs; now: Runs }> {
  const out = { before: emptyRuns(), now: emptyRuns() };
  await probeRounds(
    launch,
    (['before', 'now'] as const).map((which) => ({ base: bases[which], runs: out[which], name: ` (${which})` })),
    path,
    runs,
  );
  return out;
}
