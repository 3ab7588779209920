/**
 * The real server: Debian's nginx with the configuration rendered from
 * deploy/rules.ts over build/ (the worker's instance of tests/e2e/nginx.ts, on a
 * free loopback port; the tests' baseURL).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { expect } from '@playwright/test';
import { brand } from '../../src/brand';
import { HOME_REDIRECT_TARGET, pageRoutes, searchRoute } from '../fixtures/routes';
import { gotoHydrated, sitemapRoutes, watchCsp } from './helpers';
import { test } from './nginx';
import { calls, documentSchemas } from '../openapi';

test.describe.configure({ mode: 'serial' });

/**
 * One GET of `rawPath` exactly as written (node:http sends the path as given: no URL parser turns `\`
 * into `/` or resolves dots first, as fetch and Playwright's request would), on a connection of its own.
 */
function rawGet(origin: string, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Paths an attacker would try to bend a redirect off the site with (backslashes read as slashes, doubled slashes, encodings). */
const HOSTILE_PATHS = [
  '/%5cevil.example/',
  '/\\evil.example/',
  '/%5c%5cevil.example/',
  '/%2f%5cevil.example/',
  '/%5c/evil.example/',
  '/\\/evil.example/',
  '//evil.example/',
  '///evil.example/',
  '/%2f%2fevil.example/',
  '/%2F%2Fevil.example/',
  '/%09/evil.example/',
  '/%5c%09evil.example/',
  '/https:%2f%2fevil.example/',
  '/https://evil.example/',
  '/guides/charges/%2f%2fevil.example/',
  '/guides/charges/..%5c..%5cevil.example/',
  '/%5cevil.example/guides/charges/',
  '/%E3%80%82evil.example/',
  '/%00evil.example/',
  '/.evil.example/',
  '/evil.example%23/',
];

test.describe('nginx over build/', () => {
  test('/ answers 301 to the welcome guide', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(HOME_REDIRECT_TARGET);
  });

  test('an unknown path answers 404 with the not-found page', async ({ request }) => {
    for (const p of ['/no-such-page', '/guides/charges/nope', '/assets/js/nope.js']) {
      const response = await request.get(p, { maxRedirects: 0 });
      expect(response.status(), p).toBe(404);
    }
    expect(await (await request.get('/no-such-page')).text()).toContain('Page not found');
  });

  test('no hostile path redirects off the site: a redirect goes only to a path the build lists in _redirects', async ({ nginx }) => {
    const targets = new Set(
      fs
        .readFileSync(path.resolve('build', '_redirects'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('/'))
        .map((line) => line.split(' ')[1]),
    );
    for (const rawPath of HOSTILE_PATHS) {
      const { status, headers } = await rawGet(nginx.origin, rawPath);
      if (status >= 300 && status < 400) {
        expect(targets.has(headers.location ?? ''), `${rawPath} -> ${status} ${headers.location}`).toBe(true);
      } else {
        expect(headers.location, rawPath).toBeUndefined();
        expect([400, 404], rawPath).toContain(status);
      }
    }
  });

  test('a browser sent to a backslash path stays on the site', async ({ page, nginx }) => {
    const { port } = new URL(nginx.origin);
    // 127.0.0.2 is another origin on this machine: the old rule's Location `/\127.0.0.2:port` led there.
    for (const p of [`/%5c127.0.0.2:${port}/`, `/%5c%5c127.0.0.2:${port}/`, `/%2f%5c127.0.0.2:${port}/`]) {
      const response = await page.goto(p);
      expect(new URL(page.url()).origin, p).toBe(nginx.origin);
      expect(response?.status(), p).toBe(404);
    }
  });

  test('every route answers 200 without a trailing slash and 301 to it with one', async ({ request }) => {
    for (const route of pageRoutes) {
      const ok = await request.get(route, { maxRedirects: 0 });
      expect(ok.status(), route).toBe(200);
      expect(ok.headers()['content-type'], route).toContain('text/html');
      const slash = await request.get(`${route}/`, { maxRedirects: 0 });
      expect(slash.status(), `${route}/`).toBe(301);
      expect(slash.headers().location, `${route}/`).toBe(route);
    }
  });

  test("every schema page that is no longer built answers 301 to the page that names the schema now, its twin to that page's twin", async ({
    request,
  }) => {
    const built = new Set(sitemapRoutes());
    let moved = 0;
    for (const name of documentSchemas()) {
      const old = `/api/schemas/${name.toLowerCase().replace(/([a-z])(\d)/g, '$1-$2')}`;
      if (built.has(old)) continue;
      moved += 1;
      const response = await request.get(old, { maxRedirects: 0 });
      expect(response.status(), old).toBe(301);
      const to = response.headers().location;
      expect(built.has(to), `${old} -> ${to}`).toBe(true);
      expect(await (await request.get(to)).text(), `${to} names ${name}`).toMatch(new RegExp(`<code>${name}</code>|\\(${name}\\)`));
      const twin = await request.get(`${old}.md`, { maxRedirects: 0 });
      expect(twin.status(), `${old}.md`).toBe(301);
      expect(twin.headers().location).toBe(`${to}.md`);
    }
    expect(moved).toBeGreaterThan(100);
  });

  test('HTML revalidates and hashed assets are immutable for a year, compressed', async ({ request }) => {
    const html = await request.get('/guides/charges');
    expect(html.headers()['cache-control']).toBe('no-cache');
    const $ = cheerio.load(await html.text());
    const asset = $('script[src^="/assets/js/main."]').attr('src');
    expect(asset).toBeTruthy();
    const js = await request.get(asset as string, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(js.status()).toBe(200);
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers()['content-encoding']).toBe('gzip');
    const css = $('link[rel="stylesheet"][href^="/assets/css/"]').attr('href');
    expect((await request.get(css as string)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('security headers on an HTML page and an asset', async ({ request }) => {
    const page = await request.get('/guides/charges');
    const asset = await request.get('/img/logo.svg');
    for (const response of [page, asset]) {
      const h = response.headers();
      const csp = h['content-security-policy'];
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/algolia/);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['permissions-policy']).toContain('camera=()');
      expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });
});

test.describe('browser through nginx with the CSP enforced', () => {
  test('every page of the sitemap, and /search, hydrates with its title, no CSP violation and no console error', async ({ page }) => {
    const routes = [...sitemapRoutes(), searchRoute];
    expect(routes.length, 'the sitemap lists the whole site').toBeGreaterThan(pageRoutes.length + calls.length);
    test.setTimeout(routes.length * 2_000);
    // One page for every route: the watch is set once, and each problem is labelled with the route being visited.
    let route = '';
    const problems = await watchCsp(page, () => route);
    const started = Date.now();
    for (route of routes) {
      const response = await page.goto(route);
      expect.soft(response?.status(), route).toBe(200);
      // React sets this attribute once it has hydrated the page.
      await expect.soft(page.locator('html[data-has-hydrated="true"]'), `${route} hydrates`).toHaveCount(1);
      const h1 = (await page.locator('h1').first().textContent())?.trim();
      expect.soft(await page.title(), `${route}: title`).toBe(`${h1} | ${brand.name}`);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`# CSP and console pass: ${routes.length} pages in ${seconds.toFixed(1)} s`);
    test.info().annotations.push({ type: 'pages', description: `${routes.length} pages in ${seconds.toFixed(1)} s` });
    expect(await problems()).toEqual([]);
  });

  test('the search modal finds results under the CSP', async ({ page }) => {
    const problems = await watchCsp(page);
    await gotoHydrated(page, '/guides/charges');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('payout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(await problems()).toEqual([]);
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
});
