/**
 * What a page does in the browser when it hydrates (the goal: pages that hydrate
 * as cheaply as the bare template). Speed itself is measured by `npm run bench`,
 * not here: these tests pin the behaviours that keep it cheap.
 * - Code blocks are highlighted when the site is built; hydration keeps their
 *   HTML (src/theme/CodeBlock/Content) and runs no Prism tokeniser.
 * - An operation page does not move while it loads (the endpoint's URL is in
 *   the server's HTML: src/theme/ApiExplorer/MethodEndpoint and the theme's patch),
 *   and the page actions keep their place while their HTML arrives
 *   (src/components/CopyPage/styles.module.css).
 */
import type { Page, CDPSession } from '@playwright/test';
import { test, expect } from './fixtures';
import { brand } from '../../src/brand';
import { gotoHydrated } from './helpers';

/** How many times the page called a function named `tokenize` (Prism's) since the last call. */
async function tokenizeCalls(cdp: CDPSession): Promise<number> {
  const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as {
    result: Array<{ functions: Array<{ functionName: string; ranges: Array<{ count: number }> }> }>;
  };
  return result
    .flatMap((script) => script.functions)
    .filter((fn) => fn.functionName === 'tokenize')
    .reduce((sum, fn) => sum + fn.ranges[0].count, 0);
}

/**
 * Waits until the page has hydrated and has run what hydration schedules. `html[data-has-hydrated]` is
 * written by the render that follows useIsBrowser turning true, the same render that remounts the tabs
 * (Docusaurus keys them on it); then the main thread's first idle moment (the effects and renders that
 * render scheduled have run) and two frames (painted, layout shifts reported). Not the network's idle:
 * the search worker fetches its code and index at idle, which says nothing about this page's rendering.
 */
async function hydratedAndSettled(page: Page, path: string): Promise<void> {
  await gotoHydrated(page, path);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))),
  );
}

test.describe('code blocks are highlighted at build time', () => {
  test("a guide page's hydration runs no Prism tokeniser and keeps the highlighted code", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    // A page with a request sample (tabs that remount after hydration) and JSON examples.
    await hydratedAndSettled(page, '/guides/charges/creating');
    expect(await tokenizeCalls(cdp)).toBe(0);
    const article = page.locator('article');
    // The code is highlighted (Prism's token spans, from the build) and its buttons work.
    await expect(article.locator('pre code .token').first()).toBeVisible();
    const sample = article.locator('.tabs-container').first();
    await expect(sample.locator('pre code').first()).toContainText('curl');
    await expect(sample.getByRole('button', { name: /copy code/i })).toBeVisible();

    // Test of the test: a page the browser renders itself (a client-side navigation) does
    // tokenise, and the probe sees it.
    await page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[href="/guides/charges/information"]').click();
    await expect(page.locator('article h1')).toHaveText('Retrieving and listing charges');
    await expect(page.locator('article pre code .token').first()).toBeVisible();
    expect(await tokenizeCalls(cdp)).toBeGreaterThan(0);
  });
});

test.describe('operation pages do not shift while they load', () => {
  for (const width of [412, 1280]) {
    test(`/api/create-charge at ${width} px: no layout shift`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(() => {
        // Shifts of the page's content (the navbar is the same on every page, and not measured here), each with the
        // boxes it moved from and to, and when: what moved, and by how much, is in the failure's message.
        type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        const shifts: string[] = [];
        (window as unknown as { __shifts: string[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Source[] }>) {
            const moved = (entry.sources ?? []).filter((s) => s.node && document.querySelector('main')?.contains(s.node));
            if (moved.length)
              shifts.push(
                `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms ${JSON.stringify(
                  moved.map((s) => `${(s.node?.textContent ?? '').trim().slice(0, 40)}: ${box(s.previousRect)} -> ${box(s.currentRect)}`),
                )}`,
              );
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await hydratedAndSettled(page, '/api/create-charge');
      // The endpoint shows the server a new reader starts on, from the first paint.
      await expect(page.locator('.openapi__method-endpoint-path')).toHaveText(`${brand.sandboxApiUrl}/charges`);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    });
  }
});

test.describe('the page actions keep their place while their HTML arrives', () => {
  for (const width of [412, 1280]) {
    test(`at ${width} px, "Copy page" stays put when the actions after it are not parsed yet`, async ({ page }) => {
      // A slow phone may paint the page while its HTML still arrives: the row must not place its first actions by the
      // width of the ones still to come (a right-aligned row did, and moved them when the rest arrived).
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/api/create-charge');
      const button = page.getByRole('button', { name: 'Copy page' });
      const before = await button.boundingBox();
      // The row as the parser has it halfway: everything after "Copy page" not there yet.
      await page.evaluate(() => {
        const row = document.querySelector('[data-page-actions]');
        const first = row?.querySelector('button');
        while (first?.nextSibling) first.nextSibling.remove();
      });
      expect(await button.boundingBox()).toEqual(before);
    });

    test(`at ${width} px, the assistant menu stays put while its summary's text arrives`, async ({ page }) => {
      // Half its text parsed, a narrower menu fitted on the first line at 412 px, then wrapped to the next when the
      // rest arrived (a layout shift seen under load in the test above's describe block, of the page's "Open in" menu).
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/api/create-charge');
      const menu = page.locator('[data-page-actions] details');
      const before = await menu.boundingBox();
      await page.evaluate(() => {
        const summary = document.querySelector('[data-page-actions] details summary');
        if (summary) summary.textContent = 'Use with';
      });
      const after = await menu.boundingBox();
      expect({ x: after?.x, y: after?.y }).toEqual({ x: before?.x, y: before?.y });
    });
  }
});
