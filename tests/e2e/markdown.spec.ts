/**
 * Every page as Markdown, served by Debian's nginx with the configuration of
 * deploy/rules.ts (the worker's instance of tests/e2e/nginx.ts, on a free
 * loopback port; the tests' baseURL): the twins, /llms.txt and
 * /llms-full.txt, `Accept: text/markdown`, and the "Copy page" button in the
 * browser with the CSP enforced.
 */
import { expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { brand } from '../../src/brand';
import { gotoHydrated, sitemapRoutes, watchCsp } from './helpers';
import { test } from './nginx';
import { pageRoutes } from '../fixtures/routes';
import { calls } from '../openapi';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** A guide, a help-centre page, an operation and a schema of the API reference. */
const SAMPLES = ['/guides/charges/creating', '/help-center/withdrawal/statuses', '/api/create-charge', '/api/schemas/charge'];

test.describe.configure({ mode: 'serial' });

/** Runs `work` over `items`, `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  return results;
}

const varies = (vary: string | null, name: string) => (vary ?? '').split(/\s*,\s*|\n/).some((v) => v.toLowerCase() === name.toLowerCase());

test.describe('Markdown twins over nginx', () => {
  test('every sitemap route has a twin at its URL plus .md, as text/markdown, revalidated', async ({ nginx }) => {
    const routes = sitemapRoutes();
    expect(routes.length).toBeGreaterThan(pageRoutes.length + calls.length);
    const problems = (
      await inBatches(routes, 8, async (route) => {
        const response = await fetch(`${nginx.origin}${route}.md`);
        const body = await response.text();
        const type = response.headers.get('content-type');
        const cache = response.headers.get('cache-control');
        if (response.status !== 200 || type !== 'text/markdown; charset=utf-8' || cache !== 'no-cache' || !body.startsWith('# ')) {
          return `${route}.md: ${response.status} ${type} ${cache}`;
        }
        return undefined;
      })
    ).filter(Boolean);
    expect(problems).toEqual([]);
  });

  test('llms.txt and llms-full.txt answer as text/plain, and every link of llms.txt resolves', async ({ nginx }) => {
    for (const file of ['/llms.txt', '/llms-full.txt']) {
      const response = await fetch(`${nginx.origin}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    const text = await (await fetch(`${nginx.origin}/llms.txt`)).text();
    const links = [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]).filter((url) => url.startsWith(brand.siteUrl));
    expect(links.length).toBeGreaterThan(pageRoutes.length + calls.length);
    const broken = (
      await inBatches(links, 8, async (url) => {
        const response = await fetch(`${nginx.origin}${new URL(url).pathname}`);
        await response.arrayBuffer();
        return response.status === 200 ? undefined : `${url}: ${response.status}`;
      })
    ).filter(Boolean);
    expect(broken).toEqual([]);
  });

  test('Accept: text/markdown at a page URL answers its twin, and pages vary on Accept', async ({ nginx }) => {
    for (const route of SAMPLES) {
      const twin = await (await fetch(`${nginx.origin}${route}.md`)).text();
      const asked = await fetch(`${nginx.origin}${route}`, { headers: { Accept: 'text/markdown' } });
      expect(asked.status, route).toBe(200);
      expect(asked.headers.get('content-type'), route).toBe('text/markdown; charset=utf-8');
      expect(varies(asked.headers.get('vary'), 'Accept'), `${route}: Vary ${asked.headers.get('vary')}`).toBe(true);
      expect(await asked.text(), route).toBe(twin);

      const html = await fetch(`${nginx.origin}${route}`, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(html.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(varies(html.headers.get('vary'), 'Accept'), `${route}: Vary ${html.headers.get('vary')}`).toBe(true);
      await html.arrayBuffer();
    }
  });

  test('a Markdown URL without a page answers 404', async ({ nginx }) => {
    for (const url of ['/nope.md', '/guides/charges/nope.md', '/api/nope.md']) {
      const response = await fetch(`${nginx.origin}${url}`, { redirect: 'manual' });
      expect(response.status, url).toBe(404);
      await response.arrayBuffer();
    }
    const asked = await fetch(`${nginx.origin}/nope`, { headers: { Accept: 'text/markdown' } });
    expect(asked.status).toBe(404);
  });
});

test.describe('the "Copy page" button', () => {
  test.beforeEach(async ({ context, nginx }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: nginx.origin });
  });

  for (const route of SAMPLES) {
    test(`copies the twin of ${route} and says so`, async ({ page, nginx }) => {
      const problems = await watchCsp(page);
      await gotoHydrated(page, route);
      const button = page.getByRole('button', { name: 'Copy page' });
      await expect(button).toBeVisible();
      // Near the title: above the page's h1, within the article.
      const [buttonBox, titleBox] = [await button.boundingBox(), await page.locator('article h1').first().boundingBox()];
      expect(buttonBox && titleBox && buttonBox.y < titleBox.y && titleBox.y - buttonBox.y < 200).toBe(true);
      await button.click();
      await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const twin = await (await fetch(`${nginx.origin}${route}.md`)).text();
      expect(copied).toBe(twin);
      expect(await problems()).toEqual([]);
    });
  }

  test('works from the keyboard', async ({ page, nginx }) => {
    await gotoHydrated(page, '/help-center/withdrawal/statuses');
    const button = page.getByRole('button', { name: 'Copy page' });
    let reached = false;
    for (let presses = 0; presses < 150 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab reaches "Copy page"').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await (await fetch(`${nginx.origin}/help-center/withdrawal/statuses.md`)).text(),
    );
  });

  test('"View as Markdown" opens the twin', async ({ page, nginx }) => {
    await gotoHydrated(page, '/api/create-charge');
    const link = page.getByRole('link', { name: 'View as Markdown' });
    await expect(link).toHaveAttribute('href', '/api/create-charge.md');
    const [response] = await Promise.all([page.waitForResponse(`${nginx.origin}/api/create-charge.md`), link.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    await expect(page).toHaveURL(`${nginx.origin}/api/create-charge.md`);
  });

  test('has no accessibility violations once it has copied', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges/creating');
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary).toEqual([]);
  });

  test('says so when the copy fails', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges/creating');
    await page.route('**/guides/charges/creating.md', (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copy failed' })).toBeVisible();
  });
});
