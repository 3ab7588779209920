/**
 * The hosted DocSearch path, on the build made with DOCSEARCH_APP_ID,
 * DOCSEARCH_API_KEY and DOCSEARCH_INDEX_NAME set (build-hosted/, served on its
 * own port). Every request to the hosted service is intercepted: no network.
 */
import * as cheerio from 'cheerio';
import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { HOSTED_SEARCH, serverOrigin } from './servers';
import { gotoHydrated } from './helpers';

test.use({ server: 'hosted search' });
const HOSTED_BASE_URL = serverOrigin('hosted search');

const isHosted = (url: string | URL) => /algolia\.(net|io)|algolianet\.com/.test(String(url));

type Captured = { requests: Request[] };

async function interceptHosted(page: Page, mode: 'answer' | 'fail'): Promise<Captured> {
  const captured: Captured = { requests: [] };
  await page.route(isHosted, async (route) => {
    captured.requests.push(route.request());
    if (mode === 'fail') return route.abort('internetdisconnected');
    const body = route.request().postDataJSON() as { requests: Array<{ query: string; indexName: string }> };
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        results: body.requests.map((r) => ({
          hits: [
            {
              objectID: '1',
              url: `${HOSTED_BASE_URL}/guides/payouts#statuses`,
              type: 'lvl2',
              hierarchy: { lvl0: 'Guides', lvl1: 'Payouts', lvl2: 'Statuses', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
              content: null,
              _highlightResult: { hierarchy: { lvl0: { value: 'Guides' }, lvl1: { value: 'Payouts' }, lvl2: { value: 'Statuses' } } },
              _snippetResult: { hierarchy: { lvl1: { value: 'Payouts' }, lvl2: { value: 'Statuses' } } },
            },
          ],
          nbHits: 1,
          page: 0,
          nbPages: 1,
          hitsPerPage: 20,
          processingTimeMS: 1,
          query: r.query,
          params: '',
          index: r.indexName,
        })),
      }),
    });
  });
  return captured;
}

test('hosted requests carry the contextual facet filters, and no insights event is sent', async ({ page }) => {
  const captured = await interceptHosted(page, 'answer');
  await gotoHydrated(page, '/guides/charges');
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('payout statuses');
  await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', /\/guides\/payouts#statuses$/);
  const searches = captured.requests.filter((r) => r.url().includes('/queries'));
  expect(searches.length).toBeGreaterThan(0);
  const request = (searches.at(-1)?.postDataJSON() as { requests: Array<Record<string, unknown>> }).requests[0];
  expect(request.indexName).toBe(HOSTED_SEARCH.indexName);
  expect(request.clickAnalytics).toBe(false);
  const filters = request.facetFilters as Array<string | string[]>;
  expect(filters).toContain('language:en');
  const tags = filters.find((f) => Array.isArray(f)) as string[];
  expect(tags).toEqual(expect.arrayContaining(['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']));
  expect(searches.at(-1)?.url()).toContain(`x-algolia-application-id=${HOSTED_SEARCH.appId}`);
  expect(captured.requests.filter((r) => /insights/.test(r.url()))).toEqual([]);
});

test('the hosted build does not fetch or ship the built-in index', async ({ page, request }) => {
  await interceptHosted(page, 'answer');
  const indexRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('search-index.json')) indexRequests.push(r.url());
  });
  await gotoHydrated(page, '/guides/charges');
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('payout');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(indexRequests).toEqual([]);
  expect((await request.get(`${HOSTED_BASE_URL}/search-index.json`)).status()).toBe(404);
});

test('an unreachable hosted service (RetryError) shows the network error texts', async ({ page }) => {
  await interceptHosted(page, 'fail');
  await gotoHydrated(page, '/guides/charges');
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('payout');
  const modal = page.locator('.DocSearch-Modal');
  await expect(modal.getByRole('alert')).toContainText('Unable to fetch results');
  await expect(modal.getByRole('alert')).toContainText('You might want to check your network connection.');
  await expect(modal.locator('.DocSearch-Hit a')).toHaveCount(0);
});

test('a key the hosted service refuses (ApiError 403) shows "Search is unavailable", not the network texts', async ({ page }) => {
  const refused: string[] = [];
  await page.route(isHosted, (route) => {
    refused.push(route.request().url());
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Invalid Application-ID or API key', status: 403 }),
    });
  });
  await gotoHydrated(page, '/guides/charges');
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('payout');
  const modal = page.locator('.DocSearch-Modal');
  await expect(modal.getByRole('alert')).toContainText('Search is unavailable');
  await expect(modal.getByRole('alert')).toContainText('Search cannot answer right now. Please try again later.');
  await expect(modal).not.toContainText('Unable to fetch results');
  await expect(modal).not.toContainText('You might want to check your network connection.');
  expect(refused.some((url) => url.includes('/queries'))).toBe(true);
});

test('the hosted build keeps its preconnect link to the DocSearch cluster', async ({ page, request }) => {
  const href = `https://${HOSTED_SEARCH.appId}-dsn.algolia.net`;
  const $ = cheerio.load(await (await request.get(`${HOSTED_BASE_URL}/guides/first-steps/welcome`)).text());
  expect(
    $('link[rel=preconnect]')
      .map((_, el) => $(el).attr('href'))
      .get(),
  ).toContain(href);
  await interceptHosted(page, 'answer');
  await gotoHydrated(page, '/guides/first-steps/welcome');
  await expect(page.locator(`link[rel=preconnect][href="${href}"]`)).toHaveCount(1);
});
