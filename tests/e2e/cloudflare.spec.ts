/**
 * Cloudflare's runtime: `wrangler pages dev` over build/ (tests/e2e/wrangler.ts), which serves the
 * build as Cloudflare Pages does, from `_headers` and `_redirects`. The hosting checks that nginx
 * passes (tests/e2e/nginx.spec.ts), here: every rule read and none skipped, the redirects and the
 * moved schema pages, the not-found page, the headers of every sitemap page, the cache rules, the
 * content types and the hostile paths. What Cloudflare does on its own and nginx does not: `/x.html`
 * answers 308 to `/x`, the not-found page is `no-store`, and files without a rule of their own
 * revalidate with its default `public, max-age=0, must-revalidate`.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { expect } from '@playwright/test';
import { HOME_REDIRECT_TARGET, pageRoutes } from '../fixtures/routes';
import { parseHeaders, parseRedirects } from '../cdn';
import { documentSchemas } from '../openapi';
import { sitemapRoutes } from './helpers';
import { HOSTILE_PATHS, rawGet } from './hosting';
import { test } from './wrangler';

test.describe.configure({ mode: 'serial' });

const SECURITY = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
  'x-frame-options',
];

test.describe('Cloudflare Pages (wrangler pages dev, workerd) over build/', () => {
  test('wrangler reads every rule of _headers and _redirects and skips none', async ({ wrangler }) => {
    const headers = parseHeaders(fs.readFileSync(path.resolve('build', '_headers'), 'utf8'));
    const redirects = parseRedirects(fs.readFileSync(path.resolve('build', '_redirects'), 'utf8'));
    const output = wrangler.output();
    expect(output).toMatch(new RegExp(`Parsed ${headers.length} valid header rules`));
    expect(output).toMatch(new RegExp(`Parsed ${redirects.length} valid redirect rules`));
    expect(output).not.toMatch(/Skipping|Maximum number of rules|invalid/i);
  });

  test('/ answers 301 to the welcome guide; an unknown path 404 with the not-found page', async ({ request }) => {
    const home = await request.get('/', { maxRedirects: 0 });
    expect(home.status()).toBe(301);
    expect(home.headers().location).toBe(HOME_REDIRECT_TARGET);
    for (const p of ['/no-such-page', '/guides/charges/nope', '/assets/js/nope.js']) {
      const response = await request.get(p, { maxRedirects: 0 });
      expect(response.status(), p).toBe(404);
    }
    expect(await (await request.get('/no-such-page')).text()).toContain('Page not found');
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

  test('every schema page that is no longer built answers 301 to the page that shows it now, its twin to that twin', async ({
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
      const twin = await request.get(`${old}.md`, { maxRedirects: 0 });
      expect(twin.status(), `${old}.md`).toBe(301);
      expect(twin.headers().location).toBe(`${to}.md`);
    }
    expect(moved).toBeGreaterThan(100);
  });

  test('every page of the sitemap has the CSP and the security headers, revalidates, and is HTML', async ({ request }) => {
    const routes = sitemapRoutes();
    expect(routes.length).toBeGreaterThan(pageRoutes.length);
    test.setTimeout(routes.length * 500);
    for (const route of routes) {
      const h = (await request.get(route, { maxRedirects: 0 })).headers();
      for (const name of SECURITY) expect.soft(h[name], `${route}: ${name}`).toBeTruthy();
      const scriptSrc = /script-src ([^;]+)/.exec(h['content-security-policy'] ?? '')?.[1] ?? '';
      expect.soft(scriptSrc, route).toMatch(/'sha256-/);
      expect.soft(scriptSrc, route).not.toMatch(/unsafe-(inline|eval)/);
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

  test('no hostile path redirects off the site', async ({ wrangler }) => {
    const targets = new Set(parseRedirects(fs.readFileSync(path.resolve('build', '_redirects'), 'utf8')).map((r) => r.to));
    for (const rawPath of HOSTILE_PATHS) {
      const { status, headers } = await rawGet(wrangler.origin, rawPath);
      if (status >= 300 && status < 400) {
        expect(targets.has(headers.location ?? ''), `${rawPath} -> ${status} ${headers.location}`).toBe(true);
      } else {
        expect(headers.location, rawPath).toBeUndefined();
        expect([400, 404], rawPath).toContain(status);
      }
    }
  });
});
