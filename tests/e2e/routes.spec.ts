/**
 * The routes a reader types that are not pages of the sitemap: an unknown path shows the not-found page,
 * a backslash path stays on the site, a query string or a hash does not break a page, and / redirects to
 * the welcome guide. Every page of the sitemap is opened in the crawl (crawl.spec.ts); raw requests to
 * nginx and Cloudflare's workerd: tests/unit/hosting.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { test, expect } from './fixtures';
import { brand } from '../../src/brand';
import { HOME_REDIRECT_TARGET } from '../fixtures/routes';
import { collectErrors, expectNotFound, gotoHydrated } from './helpers';

test.describe('not-found page', () => {
  const unknown = [
    '/no-such-page',
    '/guides/charges/no-such-sub-page',
    '/help-center/settings/nope',
    '/guides/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    "/help-center/%22'%3E%3Cimg%20src=x%20onerror=alert(1)%3E",
    '/guides/charges/%E2%9C%93%20%F0%9F%98%80',
  ];
  for (const path of unknown) {
    test(`unknown path ${path} shows the not-found page with the ways back`, async ({ page }) => {
      let dialog = false;
      page.on('dialog', async (d) => {
        dialog = true;
        await d.dismiss();
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
      await expectNotFound(page);
      expect(dialog).toBe(false);
    });
  }

  test('query strings and hash fragments do not break a page', async ({ page }) => {
    const errors = collectErrors(page);
    await gotoHydrated(page, '/guides/charges?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&x=%F0%9F%98%80#%3Cimg%20src%3Dx%3E');
    await expect(page.locator('h1').first()).toHaveText('Charges');
    await gotoHydrated(page, '/help-center/topup?utm_source=test#no-such-anchor');
    await expect(page.locator('h1').first()).toHaveText('Top up');
    expect(errors).toEqual([]);
  });
});

test.describe('home redirect', () => {
  test('/ redirects to the welcome guide with JavaScript on', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${HOME_REDIRECT_TARGET}$`));
    await expect(page.locator('h1').first()).toHaveText('Welcome');
  });

  test('/ redirects to the welcome guide with JavaScript off', async ({ browser, baseURL }) => {
    // The host answers / with a redirect; a host that serves build/index.html as it is (npm run serve) gets its meta refresh.
    const $ = cheerio.load(fs.readFileSync(path.resolve('build/index.html'), 'utf8'));
    expect($('meta[http-equiv="refresh"]').attr('content')).toBe(`0; url=${HOME_REDIRECT_TARGET}`);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${brand.siteUrl}${HOME_REDIRECT_TARGET}`);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${HOME_REDIRECT_TARGET}$`));
    await expect(page.locator('h1').first()).toHaveText('Welcome');
    await context.close();
  });
});

test('a browser sent to a backslash path stays on the site', async ({ page, baseURL }) => {
  const { origin, port } = new URL(baseURL as string);
  // 127.0.0.2 is another origin on this machine: the old rule's Location `/\127.0.0.2:port` led there.
  for (const p of [`/%5c127.0.0.2:${port}/`, `/%5c%5c127.0.0.2:${port}/`, `/%2f%5c127.0.0.2:${port}/`]) {
    const response = await page.goto(p);
    expect(new URL(page.url()).origin, p).toBe(origin);
    expect(response?.status(), p).toBe(404);
  }
});
