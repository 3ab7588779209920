/**
 * Cloudflare's runtime: `wrangler pages dev` over build/ (tests/e2e/wrangler.ts), which serves the
 * build as Cloudflare Pages does, from `_headers` and `_redirects`. The hosting checks that nginx
 * passes (tests/e2e/hosting.ts's hostingChecks), here: every rule read and none skipped, the redirects and the
 * moved schema pages, the not-found page, the headers of every sitemap page, the cache rules, the
 * content types and the hostile paths. What Cloudflare does on its own and nginx does not: `/x.html`
 * answers 308 to `/x`, the not-found page is `no-store`, and files without a rule of their own
 * revalidate with its default `public, max-age=0, must-revalidate`.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { expect } from '@playwright/test';
import { pageRoutes } from '../fixtures/routes';
import { parseHeaders, parseRedirects } from '../cdn';
import { sitemapRoutes } from './helpers';
import { hostingChecks } from './hosting';
import { test } from './wrangler';

test.describe.configure({ mode: 'serial' });

test.describe('Cloudflare Pages (wrangler pages dev, workerd) over build/', () => {
  test('wrangler reads every rule of _headers and _redirects and skips none', async ({ wrangler }) => {
    const headers = parseHeaders(fs.readFileSync(path.resolve('build', '_headers'), 'utf8'));
    const redirects = parseRedirects(fs.readFileSync(path.resolve('build', '_redirects'), 'utf8'));
    const output = wrangler.output();
    expect(output).toMatch(new RegExp(`Parsed ${headers.length} valid header rules`));
    expect(output).toMatch(new RegExp(`Parsed ${redirects.length} valid redirect rules`));
    expect(output).not.toMatch(/Skipping|Maximum number of rules|invalid/i);
  });

  test('/ answers 301 to the welcome guide', async ({ request }) => hostingChecks.homeRedirect(request));

  test('an unknown path answers 404 with the not-found page', async ({ request }) => hostingChecks.notFound(request));

  test('every route answers 200 without a trailing slash and 301 to it with one', async ({ request }) =>
    hostingChecks.trailingSlash(request));

  test("every schema page that is no longer built answers 301 to the page that names the schema now, its twin to that page's twin", async ({
    request,
  }) => hostingChecks.movedSchemaPages(request));

  test('every page of the sitemap has the CSP and the security headers, revalidates, and is HTML', async ({ request }) => {
    const routes = sitemapRoutes();
    expect(routes.length).toBeGreaterThan(pageRoutes.length);
    test.setTimeout(routes.length * 500);
    for (const route of routes) {
      const h = (await request.get(route, { maxRedirects: 0 })).headers();
      hostingChecks.securityHeaders(h, route);
      expect.soft(h['cache-control'], route).toBe('no-cache');
      expect.soft(h['content-type'], route).toContain('text/html');
    }
  });

  test('hashed assets are immutable for a year; twins are Markdown and llms.txt text, both revalidated', async ({ request }) => {
    const $ = cheerio.load(await (await request.get('/guides/charges')).text());
    const main = $('script[src^="/assets/js/main."]').attr('src') as string;
    const js = await request.get(main);
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers()['content-type']).toContain('javascript');
    const css = $('link[rel="stylesheet"][href^="/assets/css/"]').attr('href') as string;
    expect((await request.get(css)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const twin of ['/guides/charges.md', '/api.md', '/api/create-charge.md']) {
      const h = (await request.get(twin)).headers();
      expect(h['content-type'], twin).toBe('text/markdown; charset=utf-8');
      expect(h['cache-control'], twin).toBe('no-cache');
    }
    for (const file of ['/llms.txt', '/llms-full.txt']) {
      const h = (await request.get(file)).headers();
      expect(h['content-type'], file).toBe('text/plain; charset=utf-8');
      expect(h['cache-control'], file).toBe('no-cache');
    }
  });

  test('no hostile path redirects off the site: a redirect goes only to a path the build lists in _redirects', async ({ wrangler }) =>
    hostingChecks.hostilePaths(wrangler.origin));
});
