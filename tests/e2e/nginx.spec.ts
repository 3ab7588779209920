/**
 * What only a browser shows of the real server (nginx with the configuration that ships, the baseURL of
 * every browser test: tests/e2e/global-setup.ts): a browser sent to a backslash path stays on the site, and
 * the search and the API explorer work with the CSP enforced. Raw requests to nginx and Cloudflare's
 * workerd: tests/unit/hosting.test.ts. Every page with the CSP: the crawl (crawl.spec.ts).
 */
import { test, expect } from './fixtures';
import { gotoHydrated, watchCsp } from './helpers';

test('a browser sent to a backslash path stays on the site', async ({ page, baseURL }) => {
  const { origin, port } = new URL(baseURL as string);
  // 127.0.0.2 is another origin on this machine: the old rule's Location `/\127.0.0.2:port` led there.
  for (const p of [`/%5c127.0.0.2:${port}/`, `/%5c%5c127.0.0.2:${port}/`, `/%2f%5c127.0.0.2:${port}/`]) {
    const response = await page.goto(p);
    expect(new URL(page.url()).origin, p).toBe(origin);
    expect(response?.status(), p).toBe(404);
  }
});

test.describe(() => {
  test.use({ server: 'shipped' });
  test('the search modal finds results under the CSP', async ({ page }) => {
    const problems = await watchCsp(page);
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('payout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(await problems()).toEqual([]);
  });
});

test('the API explorer opens under the CSP', async ({ page }) => {
  const problems = await watchCsp(page);
  await gotoHydrated(page, '/api/create-charge');
  await page.getByRole('button', { name: 'cURL' }).click();
  await expect(page.locator('.api-explorer-loaded pre').filter({ hasText: 'curl' }).first()).toBeVisible();
  expect(await problems()).toEqual([]);
  await gotoHydrated(page, '/api/send-mass-payout');
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(page.locator('.openapi-explorer__request-form').getByRole('button', { name: /send api request/i })).toBeVisible();
  expect(await problems()).toEqual([]);
});
