import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { Page, Request } from '@playwright/test';
import { createEngine } from '../../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../../src/search/records';
import { modalPages } from '../../relevance/score';
import { test, expect } from './fixtures';
import { gotoHydrated, collectErrors, isIndex, watchCsp } from './helpers';

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');

/** The texts of a search that could not reach its index (the specification), and of one the index answered with an error. */
const NETWORK = { title: 'Unable to fetch results', help: 'You might want to check your network connection.' };
const UNAVAILABLE = { title: 'Search is unavailable', help: 'Search cannot answer right now. Please try again later.' };

/** What DocSearch keeps in Recent searches (localStorage), as stored. */
const recentSearches = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('__DOCSEARCH_RECENT_SEARCHES__'))
      .map((key) => localStorage.getItem(key) ?? '')
      .join('\n'),
  );

/** Links that make the browser connect somewhere ahead of a request. */
const HINTS = 'link[rel~=preconnect], link[rel~=dns-prefetch], link[rel~=preload], link[rel~=modulepreload], link[rel~=prefetch]';

test.describe('search modal (built-in index)', () => {
  test.use({ server: 'shipped' });

  const SHORTCUTS = [
    ['Ctrl+K', 'Control+k'],
    ['Meta+K', 'Meta+k'],
    ['slash', '/'],
  ] as const;

  // One page for the three: each shortcut from a page that has not loaded the modal yet is in the typing tests below.
  // Escape gives the focus back to the search button, where slash must open the modal too: no text field has focus.
  test('Ctrl+K, Meta+K and slash each open the modal, and Escape closes it', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges');
    for (const [name, key] of SHORTCUTS) {
      await page.keyboard.press(key);
      await expect(modal(page), name).toBeVisible();
      await expect(input(page), name).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal(page), name).toHaveCount(0);
    }
  });

  test('slash on a focused button opens the modal, and the keys after it go to its input', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges/creating');
    await page.getByRole('button', { name: 'Copy page' }).focus();
    await page.keyboard.press('/');
    await page.keyboard.type('refund', { delay: 30 });
    await expect(input(page)).toHaveValue('refund');
  });

  for (const [name, key] of SHORTCUTS) {
    test(`typing right after ${name}, while the modal loads, keeps every character`, async ({ page }) => {
      await gotoHydrated(page, '/guides/charges');
      // No wait for the modal: the keys follow the shortcut at 30 ms each, as a fast typist's do.
      await page.keyboard.press(key);
      await page.keyboard.type('webhook signature', { delay: 30 });
      await expect(input(page)).toHaveValue('webhook signature');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    });
  }

  test('keys sent without waiting for the page, CPU 4x slower, all land in the field in order', async ({ page }) => {
    // A typist does not wait for the page: the keys go out through CDP on a schedule, 30 ms apart,
    // right after Ctrl+K (Playwright's keyboard.type waits until the page has handled each key).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await gotoHydrated(page, '/guides/charges');
    // A slip mended on the way: "x" then Backspace, while the modal loads or just after its input has focus.
    const keys = [...'webhookx', 'Backspace', ...' signature'];
    const key = (k: string, modifiers = 0) => {
      const code = k === ' ' ? 'Space' : k === 'Backspace' ? k : `Key${k.toUpperCase()}`;
      const keyCode = k === ' ' ? 32 : k === 'Backspace' ? 8 : k.toUpperCase().charCodeAt(0);
      const base = { key: k, code, windowsVirtualKeyCode: keyCode, modifiers };
      const text = modifiers || k.length > 1 ? {} : { text: k };
      void cdp.send('Input.dispatchKeyEvent', { type: modifiers || k.length > 1 ? 'rawKeyDown' : 'keyDown', ...base, ...text });
      void cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
    };
    key('k', 2);
    for (const k of keys) {
      await new Promise((resolve) => setTimeout(resolve, 30)); // the typist's pace, not a wait for the page
      key(k);
    }
    await expect(input(page)).toHaveValue('webhook signature');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('the search worker starts after the load event, at idle, and fetches the index itself; searching then fetches nothing more', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (isIndex(r.url())) fetched.push(r.url());
    });
    // When the page starts a worker, by its own clock.
    await page.addInitScript(() => {
      const Original = window.Worker;
      window.Worker = class extends Original {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          (window as unknown as { __workerAt?: number }).__workerAt ??= performance.now();
        }
      };
    });
    await gotoHydrated(page, '/guides/charges');
    // No key, no pointer: the index arrives on its own once the page is idle.
    await expect.poll(() => fetched.length).toBe(1);
    const times = await page.evaluate(() => ({
      workerAt: (window as unknown as { __workerAt?: number }).__workerAt ?? -1,
      loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      pageFetchedIndex: performance.getEntriesByType('resource').some((e) => e.name.includes('/search-index.json')),
    }));
    expect(times.loadEnd).toBeGreaterThan(0);
    expect(times.workerAt, 'the worker starts after the load event').toBeGreaterThanOrEqual(times.loadEnd);
    expect(times.pageFetchedIndex, 'the page itself does not fetch the index').toBe(false);
    const [worker] = page.workers();
    await expect
      .poll(() => worker.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)))
      .toContainEqual(expect.stringContaining('/search-index.json'));
    await page.keyboard.press('Control+k');
    await input(page).fill('payout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(fetched.length).toBe(1);
  });

  for (const [name, intent] of [
    ['Ctrl going down', (page: Page) => page.keyboard.down('Control')],
    ['Meta going down', (page: Page) => page.keyboard.down('Meta')],
    ['the pointer on the search button', (page: Page) => page.locator('.DocSearch-Button').hover()],
    ['focus on the search button', (page: Page) => page.locator('.DocSearch-Button').focus()],
  ] as const) {
    test(`the modal's code loads on intent (${name}), not at idle`, async ({ page }) => {
      // Every script request is recorded when it is made; whether it holds the modal is read when asked, after
      // its response has arrived, so a chunk requested at idle cannot slip past the check while it downloads.
      const scripts: Request[] = [];
      page.on('request', (request) => {
        if (/\.js(\?|$)/.test(request.url())) scripts.push(request);
      });
      const modalCode = async () => {
        const holds = await Promise.all(
          scripts.map(async (r) => ((await (await r.response())?.text().catch(() => '')) ?? '').includes('DocSearch-Modal')),
        );
        return scripts.filter((_, i) => holds[i]).map((r) => r.url());
      };
      const indexFetched = page.waitForRequest((r) => isIndex(r.url()));
      await gotoHydrated(page, '/guides/charges');
      // The worker's start is the idle work of the page: by then, what loads at idle has been asked for.
      await indexFetched;
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
      expect(await modalCode()).toEqual([]);
      await intent(page);
      await expect.poll(async () => (await modalCode()).length).toBe(1);
    });
  }

  test("the engine runs in the worker: neither the page's scripts nor the modal's hold MiniSearch, the worker's do", async ({ page }) => {
    /** A string of MiniSearch's own code (its error messages), which minifying keeps. */
    const MARK = 'MiniSearch: ';
    const scriptsOf = (target: { evaluate: Page['evaluate'] }) =>
      target.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((url) => /\.js(\?|$)/.test(url)),
      );
    const holding = async (urls: string[]) => {
      const found: string[] = [];
      for (const url of new Set(urls)) if ((await (await page.request.get(url)).text()).includes(MARK)) found.push(url);
      return found;
    };
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('payout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const pageScripts = await scriptsOf(page);
    expect(pageScripts.some((url) => /\/main\.[0-9a-f]+\.js$/.test(url))).toBe(true);
    expect(await holding(pageScripts)).toEqual([]);
    await gotoHydrated(page, '/search?q=payout');
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await holding(await scriptsOf(page))).toEqual([]);
    // The worker's scripts are read once it has loaded them: its resource entries can trail the first results.
    const worker = page.workers()[0] ?? (await page.waitForEvent('worker'));
    await expect.poll(async () => (await holding([worker.url(), ...(await scriptsOf(worker))])).length).toBeGreaterThan(0);
  });

  test("the modal's stylesheet loads with the modal: pages link none of its rules, and the opened modal is styled", async ({ page }) => {
    /** Rules of the page's stylesheets (all same-origin) whose selector names the modal. */
    const modalRules = () =>
      page.evaluate(() => {
        const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText));
        return rules.filter((text) => text.includes('.DocSearch-Modal')).length;
      });
    /** DocSearch's primary colour and the site's, as the page computes them. */
    const colours = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.documentElement);
        return [style.getPropertyValue('--docsearch-primary-color').trim(), style.getPropertyValue('--ifm-color-primary').trim()];
      });
    await gotoHydrated(page, '/guides/charges');
    expect(await modalRules(), 'the page stylesheet holds no modal rule').toBe(0);
    // The button's own rules and the site's colours for DocSearch are there from the first paint ...
    await expect(page.locator('.DocSearch-Button')).toHaveCSS('display', 'flex');
    const [docsearch, site] = await colours();
    expect(docsearch).toBe(site);
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    // ... and the modal's arrive with it, without overriding them.
    await expect(page.locator('.DocSearch-Container')).toHaveCSS('position', 'fixed');
    // No blur of the page behind it (src/css/custom.css): it held every typed key's frame for hundreds of ms.
    await expect(page.locator('.DocSearch-Container')).toHaveCSS('backdrop-filter', 'none');
    expect(await modalRules()).toBeGreaterThan(0);
    expect(await colours()).toEqual([site, site]);
  });

  test('no result list shows two hits with the same URL and text', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges');
    for (const query of ['webhook signature', 'payout callback', 'refund']) {
      await page.keyboard.press('Control+k');
      await input(page).fill(query);
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      const hits = await page
        .locator('.DocSearch-Hit a')
        .evaluateAll((links) => links.map((a) => `${(a as HTMLAnchorElement).href.split('#')[0]} ${a.textContent?.trim()}`));
      expect(new Set(hits).size, `${query}: ${hits.join(' | ')}`).toBe(hits.length);
      await page.keyboard.press('Escape');
    }
    await gotoHydrated(page, '/search?q=webhook%20signature');
    await expect(page.locator('main article').first()).toBeVisible();
    const listed = await page.locator('main article').evaluateAll((items) =>
      // The page, and what the entry shows of it (its headings, and its text when it has one).
      items.map((el) => `${el.querySelector('a')?.getAttribute('href')?.split('#')[0]} ${el.textContent?.trim()}`),
    );
    expect(listed.length).toBeGreaterThan(1);
    expect(new Set(listed).size, listed.join(' | ')).toBe(listed.length);
  });

  test('slash typed inside a text field does not open the modal', async ({ page }) => {
    await gotoHydrated(page, '/search');
    const field = page.getByRole('searchbox', { name: 'Search' }).or(page.locator('input[name="q"]')).first();
    await field.click();
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await expect(modal(page)).toHaveCount(0);
  });

  test('a hit navigates to the right heading', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('insufficient_balance');
    const first = page.locator('.DocSearch-Hit a').first();
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('href', /\/guides\/first-steps\/api-key#insufficient_balance$/);
    await first.click();
    await expect(page).toHaveURL(/\/guides\/first-steps\/api-key#insufficient_balance$/);
    await expect(page.locator('[id="insufficient_balance"]')).toBeInViewport();
  });

  test("a hit on a table row lands on the row; a question in readers' words finds its page", async ({ page }) => {
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('payout error 1003');
    const row = page.locator('.DocSearch-Hit a[href$="#payout-error-1003"]').first();
    await expect(row).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(/\/guides\/payouts#payout-error-1003$/);
    await expect(page.locator('[id="payout-error-1003"]')).toBeInViewport();
    await page.keyboard.press('Control+k');
    await input(page).fill('How do I turn on two-factor authentication?');
    await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute(
      'href',
      /\/help-center\/settings\/security#check-your-one-time-codes$/,
    );
    await input(page).fill('what if the customer pays too little');
    await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', /\/guides\/charges\/statuses#underpaid/);
  });

  // Under the CSP that ships: DocSearch's Zod probing eval would report a violation (src/plugins/no-eval-probe.ts).
  test('typos and prefixes find their pages, and the modal reports no CSP violation', async ({ page }) => {
    const problems = await watchCsp(page);
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('webh');
    await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', /\/guides\/webhooks/);
    await input(page).fill('invoce void');
    await expect(page.locator('.DocSearch-Hit a').filter({ hasText: /void/i }).first()).toBeVisible();
    expect(await problems()).toEqual([]);
  });

  test('the modal lists the engine\'s first three hits first, then the rest under "More in", as the scores count them', async ({
    page,
  }) => {
    const index = JSON.parse(fs.readFileSync(path.resolve('build', SEARCH_INDEX_FILE), 'utf8')) as SearchIndexFile;
    const engine = createEngine(index.records);
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    for (const query of ['refund', 'How do I approve a mass payout?', 'webhook signature']) {
      await input(page).fill(query);
      const pages = () =>
        page.locator('.DocSearch-Hit a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      await expect.poll(pages, query).toEqual(modalPages(engine, query));
      const headings = await page.locator('.DocSearch-Hit-source').allTextContents();
      expect(headings.filter((h) => h.startsWith('More in ')).length, `${query}: ${headings.join(' | ')}`).toBeGreaterThan(0);
    }
  });

  test('no match shows "No results for" and the query', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('zzqxv');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('zzqxv');
  });

  test('a failed index fetch shows the network error, which cannot be selected, and search works again once the network is back', async ({
    page,
  }) => {
    // Before the page loads: the worker fetches the index at idle.
    await page.route(isIndex, (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('payout');
    const entry = modal(page).getByRole('alert');
    await expect(entry).toContainText(NETWORK.title);
    await expect(entry).toContainText(NETWORK.help);
    await expect(modal(page)).not.toContainText(UNAVAILABLE.title);
    // Not a link, and neither Enter (it is the active option) nor a click selects it:
    // DocSearch would navigate to it and save it in Recent searches.
    await expect(modal(page).locator('.DocSearch-Hit a')).toHaveCount(0);
    const active = await input(page).getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toContainText(NETWORK.title);
    await page.keyboard.press('Enter');
    await entry.click();
    await expect(entry).toBeVisible();
    await expect(page).toHaveURL(/\/guides\/charges$/);
    expect(await recentSearches(page)).toBe('');
    await page.unroute(isIndex);
    await input(page).fill('payouts');
    await expect(modal(page).locator('.DocSearch-Hit a').first()).toBeVisible();
    // A real hit selected with Enter navigates and is saved: the checks above would have seen a selection.
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/guides\/charges$/);
    const recent = await recentSearches(page);
    expect(recent).toContain('objectID');
    expect(recent).not.toContain(NETWORK.title);
  });

  test('an index that answers with an error shows "Search is unavailable", not the network texts', async ({ page }) => {
    const errors = collectErrors(page);
    await page.route(isIndex, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' }));
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('payout');
    const entry = modal(page).getByRole('alert');
    await expect(entry).toContainText(UNAVAILABLE.title);
    await expect(entry).toContainText(UNAVAILABLE.help);
    await expect(modal(page)).not.toContainText(NETWORK.help);
    await expect(modal(page).locator('.DocSearch-Hit a')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(entry).toBeVisible();
    expect(await recentSearches(page)).toBe('');
    // The cause is in the console, for the site's owners.
    expect(errors.join('\n')).toContain('search index: HTTP 404');
  });

  test('built-in search talks to no other host: no request, and no preconnect or dns-prefetch link to one', async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    const foreign = (urls: string[]) =>
      urls.filter((url) => /^https?:$/.test(new URL(url, origin).protocol) && new URL(url, origin).origin !== origin);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    // The page as served (the browser acts on its hints before any script runs) ...
    const $ = cheerio.load(await (await page.request.get('/guides/first-steps/welcome')).text());
    expect(
      foreign(
        $(HINTS)
          .map((_, el) => $(el).attr('href') ?? '')
          .get(),
      ),
    ).toEqual([]);
    // ... and after hydration and a search in the modal and on the /search page.
    await gotoHydrated(page, '/guides/first-steps/welcome');
    await page.keyboard.press('Control+k');
    await input(page).fill('payout');
    await expect(modal(page).locator('.DocSearch-Hit a').first()).toBeVisible();
    expect(foreign(await page.locator(HINTS).evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href)))).toEqual([]);
    await gotoHydrated(page, '/search?q=payout');
    await expect(page.locator('main article').first()).toBeVisible();
    expect(requested.length).toBeGreaterThan(0);
    expect(foreign(requested)).toEqual([]);
  });

  const hostile = [
    '<script>window.__xss=1</script>',
    '"><img src=x onerror="window.__xss=1">',
    'a'.repeat(1000),
    '💸 payout 🚀',
    '.*+?^${}()|[]\\',
    '     ',
  ];
  // One page for all: each query in a modal opened anew (its answer is the only one shown), and the modal must
  // still open and answer after each.
  test('the modal survives hostile queries, each searched as text', async ({ page }) => {
    const errors = collectErrors(page);
    await gotoHydrated(page, '/guides/charges');
    for (const query of hostile) {
      const name = JSON.stringify(query.slice(0, 30));
      await page.keyboard.press('Control+k');
      await input(page).fill(query);
      await expect(modal(page), name).toBeVisible();
      // The answer has been rendered (a blank query too is searched, and finds nothing).
      await expect(modal(page).locator('.DocSearch-Hit, .DocSearch-NoResults').first(), name).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), name).toBeUndefined();
      expect(errors, name).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(modal(page), name).toHaveCount(0);
    }
  });
});
