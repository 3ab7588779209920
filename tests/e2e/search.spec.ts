import * as cheerio from 'cheerio';
import { test, expect, type Page } from '@playwright/test';
import { gotoHydrated, collectErrors } from './helpers';

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const isIndex = (url: string | URL) => String(url).includes('/search-index.json');

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
  for (const [name, key] of [
    ['Ctrl+K', 'Control+k'],
    ['Meta+K', 'Meta+k'],
    ['slash', '/'],
  ] as const) {
    test(`${name} opens the modal and Escape closes it`, async ({ page }) => {
      await gotoHydrated(page, '/guides/charges');
      await page.keyboard.press(key);
      await expect(modal(page)).toBeVisible();
      await expect(input(page)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
    });
  }

  for (const [name, key] of [
    ['Ctrl+K', 'Control+k'],
    ['Meta+K', 'Meta+k'],
    ['slash', '/'],
  ] as const) {
    test(`typing right after ${name}, while the modal loads, keeps every character`, async ({ page }) => {
      await gotoHydrated(page, '/guides/charges');
      // No wait for the modal: the keys follow the shortcut at 30 ms each, as a fast typist's do.
      await page.keyboard.press(key);
      await page.keyboard.type('webhook signature', { delay: 30 });
      await expect(input(page)).toHaveValue('webhook signature');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    });
  }

  test('the index starts loading on intent (hover on the search button), not on page load', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (isIndex(r.url())) fetched.push(r.url());
    });
    await gotoHydrated(page, '/guides/charges');
    expect(fetched).toEqual([]);
    const index = page.waitForRequest((r) => isIndex(r.url()));
    await page.locator('.DocSearch-Button').hover();
    await index;
    expect(fetched.length).toBe(1);
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
    const listed = await page
      .locator('main article')
      .evaluateAll((items) =>
        items.map((el) => `${el.querySelector('a')?.getAttribute('href')?.split('#')[0]} ${el.querySelector('p')?.textContent?.trim()}`),
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

  test('the index is fetched on the first search, never on page load', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (isIndex(r.url())) fetched.push(r.url());
    });
    await gotoHydrated(page, '/guides/charges');
    // Nothing on the page marks the moment a fetch on load would start; only a quiet network tells.
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await page.keyboard.press('Control+k');
    await input(page).fill('payout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(fetched.length).toBe(1);
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

  test('typos and prefixes find their pages', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await input(page).fill('webh');
    await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', /\/guides\/webhooks/);
    await input(page).fill('invoce void');
    await expect(page.locator('.DocSearch-Hit a').filter({ hasText: /void/i }).first()).toBeVisible();
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
    await gotoHydrated(page, '/guides/charges');
    await page.route(isIndex, (route) => route.abort('internetdisconnected'));
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
    await gotoHydrated(page, '/guides/charges');
    await page.route(isIndex, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' }));
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
  for (const query of hostile) {
    test(`modal survives the query ${JSON.stringify(query.slice(0, 30))}`, async ({ page }) => {
      const errors = collectErrors(page);
      await gotoHydrated(page, '/guides/charges');
      await page.keyboard.press('Control+k');
      await input(page).fill(query);
      await expect(modal(page)).toBeVisible();
      // The answer has been rendered (a blank query too is searched, and finds nothing).
      await expect(modal(page).locator('.DocSearch-Hit, .DocSearch-NoResults').first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(errors).toEqual([]);
    });
  }
});

test.describe('search page /search (built-in index)', () => {
  test('/search?q= lists results with links to their headings', async ({ page }) => {
    await gotoHydrated(page, '/search?q=void%20an%20invoice');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('void an invoice');
    const results = page.locator('main article');
    await expect(results.first()).toBeVisible();
    await expect(results.first().locator('a').first()).toHaveAttribute('href', /void/);
  });

  for (const query of [
    '<script>window.__xss=1</script>',
    '"><img src=x onerror="window.__xss=1">',
    'b'.repeat(1000),
    '🧾',
    '(.*)[',
    '   ',
  ]) {
    test(`/search survives the query ${JSON.stringify(query.slice(0, 30))}`, async ({ page }) => {
      const errors = collectErrors(page);
      const indexLoaded = page.waitForResponse((r) => isIndex(r.url()));
      await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
      // The page searches every query it is given: once the index has arrived, the spinner
      // shows until the answer is rendered, as results or "No results were found".
      await indexLoaded;
      await expect(page.locator('[class*="loadingSpinner"]')).toHaveCount(0);
      await expect(page.locator('main article').or(page.getByText('No results were found')).first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      if (query.trim()) await expect(page.getByRole('heading', { level: 1 })).toContainText(query.trim().slice(0, 20));
      expect(errors).toEqual([]);
    });
  }
});
