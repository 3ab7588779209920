/**
 * The floor of the search probe's worst interaction on this machine and browser (numbers, not a test):
 * the same typist as bench/lib/search-probe.ts ("refund" at 120 ms a key through CDP, not waiting for
 * the page, CPU throttled 4x) on a bare page with no script: one focused input in a box over a fixed,
 * half-opaque overlay, on a page of text, as the search modal sits over a guide. Its worst keydown to
 * next paint is what the browser, the compositor and the machine cost with no page code at all, the
 * part of the search modal's figure that no change to the site can remove. Without a GPU (chromium's --disable-gpu) and on 2 cores, this
 * floor is itself tens of milliseconds and moves with the machine's load: a figure of the modal is
 * read against the floor measured in the same sitting.
 */
import type { Browser } from '@playwright/test';
import { QUERY, typeQuery } from './search-probe';
import { twoFrames } from './weigh';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body style="margin:0;font:16px/1.6 system-ui,sans-serif">
<main style="max-width:800px;margin:0 auto;padding:24px">${`<p>${'A sentence of a guide, as long as one. '.repeat(8)}</p>`.repeat(60)}</main>
<div style="position:fixed;inset:0;background:rgba(101,108,133,.8)">
<div style="margin:60px auto;max-width:800px;height:600px;background:#f5f6f7;border-radius:4px;box-shadow:rgba(0,0,0,.2) 0 12px 28px">
<input aria-label="Search" style="width:100%;height:56px;font-size:1.2em;border:0;padding:0 16px;box-sizing:border-box">
</div></div></body></html>`;

/** Runs in the page: keeps the Event Timing entries of keydowns. */
function observe(): void {
  const durations: number[] = [];
  (window as unknown as { __floor: number[] }).__floor = durations;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
      if (e.interactionId && e.name === 'keydown') durations.push(e.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** One run: the worst keydown to next paint of the six keys, in ms (16, Event Timing's least, when all were quicker). */
async function floorRun(browser: Browser, throttle: number): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await page.setContent(PAGE);
    await page.evaluate(`var __name = (f) => f; (${observe.toString()})()`);
    await page.focus('input');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await typeQuery(cdp, performance.now());
    await page.waitForFunction((query) => document.querySelector('input')?.value === query, QUERY, { polling: 50 });
    await twoFrames(page);
    const durations = await page.evaluate(() => (window as unknown as { __floor: number[] }).__floor);
    return Math.max(16, ...durations);
  } finally {
    await context.close();
  }
}

/** `runs` runs in one browser, CPU `throttle`x: each run's worst keydown to next paint, in ms. */
export async function probeTypingFloor(launch: () => Promise<Browser>, runs: number, throttle = 4): Promise<number[]> {
  const browser = await launch();
  try {
    const out: number[] = [];
    for (let i = 0; i < runs; i++) {
      out.push(await floorRun(browser, throttle));
      console.error(`floor run ${i + 1}/${runs}, CPU ${throttle}x: worst keydown ${Math.round(out[i])} ms`);
    }
    return out;
  } finally {
    await browser.close();
  }
}
