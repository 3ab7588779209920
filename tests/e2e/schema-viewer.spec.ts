/**
 * The API Reference's schema viewer (parameters, request body, responses of an
 * operation page): kept as the server's HTML and hydrated when the reader
 * reaches for it (src/keptHtml/onIntent.tsx): a hover prepares the part under the
 * pointer, a click, a tap or the keyboard wake it and land where they were aimed,
 * and a wheel scroll wakes nothing.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { KEPT_CLASS, LIVE_ATTRIBUTE, ON_INTENT_ATTRIBUTE } from '../../src/keptHtml/onIntent';
import { blockExternalHosts, collectErrors, gotoHydrated } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await blockExternalHosts(context, baseURL as string);
});

test.describe('API Reference schema viewer, hydrated when reached for', () => {
  /** The parameters, request body and responses of the page: the outermost parts kept on intent. */
  const parts = (page: Page) => page.locator(`[${ON_INTENT_ATTRIBUTE}]:not([${ON_INTENT_ATTRIBUTE}] *)`);
  const responses = (page: Page) => parts(page).filter({ has: page.locator('.openapi-tabs__response-list-container') });
  const requestBody = (page: Page) =>
    parts(page)
      .filter({ has: page.locator('.openapi-tabs__schema-list-container') })
      .first();
  const responseTabs = (page: Page) => responses(page).locator('.openapi-tabs__response-list-container [role=tab]');
  /**
   * Per part: its elements, and how many of them React manages (the live component, hidden while it is
   * prepared, or shown), not counting the wrapper of the server's HTML.
   */
  const hydration = (page: Page) =>
    parts(page).evaluateAll(
      (roots, keptClass) =>
        roots.map((root) => {
          const elements = Array.from(root.querySelectorAll('*')).filter(
            (el) => !(el.parentElement === root && el.classList.contains(keptClass)),
          );
          const live = elements.filter((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))).length;
          return { elements: elements.length, live };
        }),
      KEPT_CLASS,
    );
  /** The index among the parts of the one that holds `selector`. */
  const partIndex = (page: Page, selector: string) =>
    parts(page).evaluateAll((roots, inner) => roots.findIndex((root) => root.querySelector(inner)), selector);
  /** The index of the responses among the parts. */
  const responsesIndex = (page: Page) => partIndex(page, '.openapi-tabs__response-list-container');

  test("/api/create-charge: the parts stay the server's HTML; a hover prepares the one under the pointer, not in its event, and leaves it working", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await gotoHydrated(page, '/api/create-charge');
    const before = await hydration(page);
    expect(before.filter((part) => part.elements > 0).length).toBeGreaterThanOrEqual(2);
    expect(before.map((part) => part.live)).toEqual(before.map(() => 0));
    await expect(parts(page).and(page.locator(`[${LIVE_ATTRIBUTE}]`))).toHaveCount(0);

    // At the end of the hover's events (a listener on window, after the part's), nothing of React in the part yet.
    const index = await responsesIndex(page);
    await page.evaluate(
      ({ selector, index }) => {
        const w = window as unknown as { __reactInPartAtHover: number[] };
        w.__reactInPartAtHover = [];
        window.addEventListener('pointerover', () => {
          const part = document.querySelectorAll(selector)[index];
          w.__reactInPartAtHover.push(
            Array.from(part.querySelectorAll('*')).filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))).length,
          );
        });
      },
      { selector: `[${ON_INTENT_ATTRIBUTE}]`, index },
    );
    await responseTabs(page).first().hover();
    const atHover = await page.evaluate(() => (window as unknown as { __reactInPartAtHover: number[] }).__reactInPartAtHover);
    expect(atHover.length).toBeGreaterThan(0);
    // 1: the wrapper of the server's HTML.
    expect(atHover).toEqual(atHover.map(() => 1));

    // Prepared later, hidden: the live component is in the part, the reader still sees the server's HTML.
    await expect.poll(async () => (await hydration(page))[index].live).toBeGreaterThan(0);
    await expect(responses(page)).not.toHaveAttribute(LIVE_ATTRIBUTE, '');
    await expect(responseTabs(page).first()).toBeVisible();
    const after = await hydration(page);
    expect(after.filter((_, i) => i !== index).map((part) => part.live)).toEqual(after.filter((_, i) => i !== index).map(() => 0));

    // And working: a click on a tab makes it live and selects the tab.
    await responseTabs(page).nth(1).click();
    await expect(responses(page)).toHaveAttribute(LIVE_ATTRIBUTE, '');
    await expect(responseTabs(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    expect(
      await responseTabs(page).evaluateAll((tabs) => tabs.every((tab) => Object.keys(tab).some((key) => key.startsWith('__reactFiber')))),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a click with Ctrl held on a response tab selects it, replayed on the live tab with its Ctrl', async ({ page }) => {
    await gotoHydrated(page, '/api/create-charge');
    await page.evaluate(() => {
      const w = window as unknown as { __clicks: Array<{ ctrl: boolean; trusted: boolean; react: boolean }> };
      w.__clicks = [];
      document.addEventListener(
        'click',
        (e) => {
          const react = Object.keys(e.target as Element).some((key) => key.startsWith('__reactFiber'));
          w.__clicks.push({ ctrl: e.ctrlKey, trusted: e.isTrusted, react });
        },
        true,
      );
    });
    await responseTabs(page)
      .nth(1)
      .click({ modifiers: ['Control'] });
    await expect(responses(page)).toHaveAttribute(LIVE_ATTRIBUTE, '');
    await expect(responseTabs(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    const clicks = await page.evaluate(() => (window as unknown as { __clicks: unknown[] }).__clicks);
    // The reader's, on the server's element, then its replay on the live one.
    expect(clicks).toEqual([
      { ctrl: true, trusted: true, react: false },
      { ctrl: true, trusted: false, react: true },
    ]);
  });

  test('a wheel scroll over the page prepares and wakes nothing', async ({ page }) => {
    await gotoHydrated(page, '/api/create-charge');
    // The pointer rests on the title, above every part; the wheel scrolls the parts under it.
    const title = await page.locator('article h1').boundingBox();
    expect(title).not.toBeNull();
    await page.mouse.move((title?.x ?? 0) + 20, (title?.y ?? 0) + 10);
    for (let i = 0; i < 6; i++) {
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 400);
      // The page has scrolled (or was at its end), and a frame has been drawn since: the browser has sent the
      // resting pointer's hover by then.
      const scrolled = (from: number) => window.scrollY > from || window.scrollY >= document.documentElement.scrollHeight - innerHeight;
      await expect.poll(() => page.evaluate(scrolled, before)).toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    // Idle: a part a hover had prepared would still be rendering (React's transition works in slices of tasks).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const woken = await hydration(page);
    expect(woken.map((part) => part.live)).toEqual(woken.map(() => 0));
    // Test of the test: the pointer moving over a part prepares it.
    await responseTabs(page).first().hover();
    await expect.poll(async () => (await hydration(page))[await responsesIndex(page)].live).toBeGreaterThan(0);
  });

  test('once reached for, its tabs switch and its fields collapse and open, with nothing moved', async ({ page }) => {
    await gotoHydrated(page, '/api/create-charge');
    const tabs = responseTabs(page);
    const names = await tabs.allInnerTexts();
    expect(names.length).toBeGreaterThan(1);
    // The part's wrapper is `display: contents` and has no box of its own: measure its tab list, in the
    // document's coordinates (the click scrolls the page).
    const tabList = responses(page).locator('.openapi-tabs__response-list-container').first();
    const place = () =>
      tabList.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
      });
    const box = await place();
    expect(box.width * box.height, 'the response tabs have a box on the page').toBeGreaterThan(0);
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
    expect(await place()).toEqual(box);

    const details = requestBody(page).locator('details').first();
    const open = await details.evaluate((el) => (el as HTMLDetailsElement).open);
    await details.locator(':scope > summary').click();
    await expect.poll(() => details.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(!open);
  });

  test('the keyboard reaches it as before: focus moved in by Tab stays on its element, arrow keys move along the tabs, Enter picks one', async ({
    page,
  }) => {
    await gotoHydrated(page, '/api/create-charge');
    await page.locator('h2#request a.hash-link').focus();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('role', 'tab');
    await expect(focused).toHaveText('application/json');
    await expect(requestBody(page)).toHaveAttribute(LIVE_ATTRIBUTE, '');
    expect(await focused.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')))).toBe(true);

    const schemaTabs = requestBody(page).locator('.openapi-tabs__schema-list-container [role=tab]');
    await schemaTabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(schemaTabs.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(schemaTabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  });

  test("a click with no pointer before it (a screen reader's) lands on the live element", async ({ page }) => {
    await gotoHydrated(page, '/api/create-charge');
    const tab = requestBody(page).locator('.openapi-tabs__schema-list-container [role=tab]').nth(1);
    await expect(tab).toHaveAttribute('aria-selected', 'false');
    await tab.evaluate((el) => (el as HTMLElement).click());
    await expect(requestBody(page)).toHaveAttribute(LIVE_ATTRIBUTE, '');
    await expect(requestBody(page).locator('.openapi-tabs__schema-list-container [role=tab]').nth(1)).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  /**
   * /api/create-charge on a phone (touch, a phone's viewport), with the request body's second schema tab scrolled into
   * view: `run` gets the page, its context and that tab.
   */
  async function onPhone(
    browser: Browser,
    baseURL: string | undefined,
    run: (page: Page, context: BrowserContext, tab: () => Locator) => Promise<void>,
  ): Promise<void> {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    try {
      await blockExternalHosts(context, baseURL as string);
      const page = await context.newPage();
      await gotoHydrated(page, '/api/create-charge');
      const tab = () => requestBody(page).locator('.openapi-tabs__schema-list-container [role=tab]').nth(1);
      await tab().scrollIntoViewIfNeeded();
      await run(page, context, tab);
    } finally {
      await context.close();
    }
  }

  test('a tap on a phone switches a tab at once', async ({ browser, baseURL }) => {
    await onPhone(browser, baseURL, async (_page, _context, tab) => {
      await tab().tap();
      await expect(tab()).toHaveAttribute('aria-selected', 'true');
    });
  });

  test('a tap on a part that an earlier touch prepared lands on the live tab', async ({ browser, baseURL }) => {
    // A tap's focus comes with its compatibility mousedown, after its pointerup: where the part was already
    // prepared, that focus must not make it live under the tap, or the click that follows lands on nothing.
    await onPhone(browser, baseURL, async (page, context, tab) => {
      const box = await requestBody(page).locator('.openapi-tabs__schema-list-container').first().boundingBox();
      expect(box).not.toBeNull();
      // A touch that goes down on the part and is lifted after moving (a drag, no tap): it prepares the part.
      const at = (dx: number) => [{ x: (box?.x ?? 0) + 10 + dx, y: (box?.y ?? 0) + 5 }];
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(60) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const index = await partIndex(page, '.openapi-tabs__schema-list-container');
      await expect.poll(async () => (await hydration(page))[index].live).toBeGreaterThan(0);
      await expect(requestBody(page)).not.toHaveAttribute(LIVE_ATTRIBUTE, '');
      await tab().tap();
      await expect(requestBody(page)).toHaveAttribute(LIVE_ATTRIBUTE, '');
      await expect(tab()).toHaveAttribute('aria-selected', 'true');
    });
  });
});
