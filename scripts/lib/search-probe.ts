/**
 * The search modal as a reader meets it, for the benchmark (numbers, not a test):
 * - first results: press Ctrl+K on a fresh page (empty cache), type "refund" at
 *   30 ms a key, and time from the last key to the first hit on screen;
 * - keystrokes lost: type "webhook signature" at 30 ms a key right after Ctrl+K
 *   and count the characters missing from the search field.
 * `throttle` slows the CPU by that factor (Chrome DevTools' CPU throttling).
 */
import type { Browser } from '@playwright/test';

export type SearchProbe = { firstResultsMs: number; lostKeys: number };

const QUERY = 'refund';
const TYPED = 'webhook signature';

async function freshPage(browser: Browser, base: string, path: string, throttle: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(/^https?:\/\//, (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(base + path, { waitUntil: 'load' });
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  return { page, close: () => context.close() };
}

export async function probeSearch(browser: Browser, base: string, path: string, throttle = 1): Promise<SearchProbe> {
  const first = await freshPage(browser, base, path, throttle);
  await first.page.keyboard.press('Control+k');
  await first.page.keyboard.type(QUERY, { delay: 30 });
  const start = performance.now();
  await first.page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible', timeout: 60_000 });
  const firstResultsMs = performance.now() - start;
  await first.close();

  const second = await freshPage(browser, base, path, throttle);
  await second.page.keyboard.press('Control+k');
  await second.page.keyboard.type(TYPED, { delay: 30 });
  const field = second.page.locator('.DocSearch-Input');
  await field.waitFor({ state: 'visible', timeout: 60_000 });
  await second.page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible', timeout: 60_000 });
  const value = await field.inputValue();
  await second.close();
  // Lost keys shorten the value; a key out of order counts as one lost.
  return { firstResultsMs, lostKeys: value === TYPED ? 0 : Math.max(1, TYPED.length - value.length) };
}
