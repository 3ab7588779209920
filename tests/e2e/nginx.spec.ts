/**
 * The real server: Debian's nginx with the configuration rendered from
 * deploy/rules.ts over build/ (the worker's instance of tests/e2e/nginx.ts, on a
 * free loopback port; the tests' baseURL).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { expect } from '@playwright/test';
import { brand } from '../../src/brand';
import { pageRoutes, searchRoute } from '../fixtures/routes';
import { gotoHydrated, sitemapRoutes, watchCsp } from './helpers';
import { test } from './nginx';
import { hostingChecks, rawGet } from './hosting';
import { calls } from '../openapi';

test.describe.configure({ mode: 'serial' });

test.describe('nginx over build/', () => {
  test('/ answers 301 to the welcome guide', async ({ request }) => hostingChecks.homeRedirect(request));

  test('an unknown path answers 404 with the not-found page', async ({ request }) => hostingChecks.notFound(request));

  test('no hostile path redirects off the site: a redirect goes only to a path the build lists in _redirects', async ({ nginx }) =>
    hostingChecks.hostilePaths(nginx.origin));

  test('a browser sent to a backslash path stays on the site', async ({ page, nginx }) => {
    const { port } = new URL(nginx.origin);
    // 127.0.0.2 is another origin on this machine: the old rule's Location `/\127.0.0.2:port` led there.
    for (const p of [`/%5c127.0.0.2:${port}/`, `/%5c%5c127.0.0.2:${port}/`, `/%2f%5c127.0.0.2:${port}/`]) {
      const response = await page.goto(p);
      expect(new URL(page.url()).origin, p).toBe(nginx.origin);
      expect(response?.status(), p).toBe(404);
    }
  });

  test('every route answers 200 without a trailing slash and 301 to it with one', async ({ request }) =>
    hostingChecks.trailingSlash(request));

  test("every schema page that is no longer built answers 301 to the page that names the schema now, its twin to that page's twin", async ({
    request,
  }) => hostingChecks.movedSchemaPages(request));

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

  test('text files go out compressed once: the .gz made at deploy, sent whole with its length, never compressed per request', async ({
    nginx,
    request,
  }) => {
    const $ = cheerio.load(await (await request.get('/guides/charges')).text());
    const main = $('script[src^="/assets/js/main."]').attr('src') as string;
    for (const [url, file] of [
      [main, main],
      ['/guides/charges', '/guides/charges.html'],
    ]) {
      const { status, headers, body } = await rawGet(nginx.origin, url, { 'accept-encoding': 'gzip' });
      expect(status, url).toBe(200);
      expect(headers['content-encoding'], url).toBe('gzip');
      // nginx's on-the-fly gzip streams without a length; a file sent as it is has one.
      expect(headers['content-length'], `${url}: a length, so the file was compressed ahead`).toBe(String(body.length));
      expect(zlib.gunzipSync(body).equals(fs.readFileSync(path.join('build', file))), url).toBe(true);
      const plain = await rawGet(nginx.origin, url);
      expect(plain.headers['content-encoding'], `${url} without Accept-Encoding`).toBeUndefined();
    }
  });

  test('security headers on an HTML page and an asset', async ({ request }) => {
    for (const url of ['/guides/charges', '/img/logo.svg']) hostingChecks.securityHeaders((await request.get(url)).headers(), url);
  });
});

/** Sends `bytes` on a connection of its own and resolves with the whole answer as text (nginx closes after an error). */
function rawExchange(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** The header names of a raw HTTP answer, lower case. */
const headerNames = (answer: string) =>
  new Set(
    answer
      .split('\r\n\r\n')[0]
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(':')[0].toLowerCase()),
  );

test.describe('nginx holds', () => {
  test('it starts without a warning', async ({ nginx }) => {
    for (const [what, text] of [
      ['stderr', nginx.stderr()],
      ['error.log', nginx.errorLog()],
    ]) {
      expect(
        text.split('\n').filter((line) => /\[(warn|error|crit|alert|emerg)\]/.test(line)),
        what,
      ).toEqual([]);
    }
  });

  test("nginx's own 400 and 414 answers carry the security headers", async ({ nginx }) => {
    const answers = {
      400: await rawExchange(nginx.origin, 'BLAH\r\n\r\n'),
      414: await rawExchange(nginx.origin, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer, status).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const names = headerNames(answer);
      for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security']) {
        expect(names.has(name), `${status}: ${name}`).toBe(true);
      }
    }
  });

  test('the site answers while one client holds 300 slow connections open', async ({ nginx }) => {
    const { hostname, port } = new URL(nginx.origin);
    const slow: net.Socket[] = [];
    // Another loopback address is the slow client, so that it is one client and the requests below another.
    const connected = Array.from(
      { length: 300 },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect({ host: hostname, port: Number(port), localAddress: '127.0.0.2' }, () => {
            socket.write('GET /guides/charges HTTP/1.1\r\nHost: x\r\n');
            resolve();
          });
          socket.on('error', () => resolve());
          slow.push(socket);
        }),
    );
    // One more header line a second on each: the request never ends.
    const trickle = setInterval(() => slow.forEach((socket) => socket.writable && socket.write('X-Slow: 1\r\n')), 1_000);
    try {
      await Promise.all(connected);
      for (let i = 0; i < 20; i += 1) {
        // Each on a new connection, as a new reader's would be.
        const { status } = await rawGet(nginx.origin, i % 2 ? '/guides/charges' : '/api/create-charge');
        expect(status, `request ${i} during the slow connections`).toBe(200);
      }
      const open = slow.filter((socket) => !socket.destroyed && socket.writable).length;
      expect(open, 'the slow connections were still open while the site answered').toBeGreaterThan(250);
    } finally {
      clearInterval(trickle);
      slow.forEach((socket) => socket.destroy());
    }
  });
});

test.describe('browser through nginx with the CSP enforced', () => {
  test('every page of the sitemap, and /search, hydrates with its title, no CSP violation and no console error', async ({ page }) => {
    const routes = [...sitemapRoutes(), searchRoute];
    expect(routes.length, 'the sitemap lists the whole site').toBeGreaterThan(pageRoutes.length + calls.length);
    // A guard against a hang, not a speed goal (npm run bench measures speed): 10 s a page on a loaded machine.
    test.setTimeout(routes.length * 10_000);
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
