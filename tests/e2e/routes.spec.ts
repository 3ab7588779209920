import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { test, expect, type Page } from '@playwright/test';
import { brand } from '../../src/brand';
import { pageRoutes, HOME_REDIRECT_TARGET } from '../fixtures/routes';
import { axeViolations, collectErrors, expectNotFound, gotoHydrated, trackAssets } from './helpers';

/**
 * The Mermaid runtime in this build, found by its core (the file that holds the
 * text of Mermaid's error diagram and loads the diagram renderers), and the API
 * Reference's stylesheet: guide and help-centre pages load neither, unless a page
 * draws a diagram. The first test below checks the detector against what a page
 * with a diagram and one without load.
 */
const JS_DIR = path.resolve(__dirname, '../../build/assets/js');
const mermaidRuntime = new Set(
  fs
    .readdirSync(JS_DIR)
    .filter((f) => fs.readFileSync(path.join(JS_DIR, f), 'utf8').includes('Syntax error in text'))
    .map((f) => `/assets/js/${f}`),
);
const isApiStylesheet = (pathname: string) => /^\/assets\/css\/api-reference\.[0-9a-f]+\.css$/.test(pathname);

/** Scanned with axe in api-reference.spec.ts, with a viewport taller than the page (axe then checks every element's colours). */
const axeElsewhere = new Set(['/api']);

/** Opens a route and returns the paths of the scripts and stylesheets it loads without a reader's action. */
async function openRecording(page: Page, route: string): Promise<string[]> {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (['script', 'stylesheet'].includes(r.resourceType())) loaded.push(new URL(r.url()).pathname);
  });
  const settled = trackAssets(page);
  await page.goto(route);
  await settled();
  return loaded;
}

// Every route's status, hydration, title, console errors and CSP: the sitemap-wide pass of
// nginx.spec.ts (every route of tests/fixtures/routes.ts is in the sitemap: sitemap.test.ts).
test.describe('route table', () => {
  test('the Mermaid runtime detector names code a diagram brings and no code a page without one loads (test of the test)', async ({
    browser,
    baseURL,
    request,
  }) => {
    // A page that draws a diagram and its section's page, which draws none.
    const hasDiagram = async (route: string) => (await (await request.get(route)).text()).includes('language-mermaid');
    let withDiagram: string | undefined;
    for (const route of pageRoutes) if (!withDiagram && (await hasDiagram(route))) withDiagram = route;
    expect(withDiagram, 'a route of the table draws a diagram').toBeDefined();
    const section = (withDiagram as string).replace(/\/[^/]+$/, '');
    expect(pageRoutes, `${section} is a route of the table`).toContain(section);
    expect(await hasDiagram(section), `${section} draws no diagram`).toBe(false);

    // Each in a browser context of its own: nothing comes from the other's cache.
    const open = async (route: string) => {
      const context = await browser.newContext({ baseURL });
      try {
        return await openRecording(await context.newPage(), route);
      } finally {
        await context.close();
      }
    };
    const onDiagramPage = await open(withDiagram as string);
    const onPlainPage = await open(section);
    const brought = onDiagramPage.filter((p) => !onPlainPage.includes(p));
    expect(
      onPlainPage.filter((p) => mermaidRuntime.has(p)),
      `found on ${section}`,
    ).toEqual([]);
    expect(
      brought.filter((p) => mermaidRuntime.has(p)),
      `found among what the diagram of ${withDiagram} brings`,
    ).not.toEqual([]);
  });

  for (const route of pageRoutes) {
    test(`${route} renders its page, loads only the code it needs and has no accessibility violations`, async ({ page }) => {
      const loaded = await openRecording(page, route);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
      if (route.startsWith('/api')) {
        expect(loaded.filter(isApiStylesheet), 'the API Reference stylesheet').toHaveLength(1);
      } else {
        expect(loaded.filter(isApiStylesheet), 'no API Reference stylesheet').toEqual([]);
        // Each diagram's source is in the server's HTML; the diagram itself is drawn in the browser.
        const diagrams = await page.locator('pre.language-mermaid').count();
        const mermaid = loaded.filter((p) => mermaidRuntime.has(p));
        if (diagrams > 0) {
          await expect(page.locator('.docusaurus-mermaid-container svg'), 'every diagram is drawn').toHaveCount(diagrams);
          expect(mermaid.length, 'the Mermaid runtime, for the diagram').toBeGreaterThan(0);
        } else {
          expect(mermaid, 'no Mermaid runtime without a diagram').toEqual([]);
        }
      }
      if (!axeElsewhere.has(route)) {
        // axe-core, WCAG 2.1 A and AA.
        const violations = await axeViolations(page);
        expect(violations, violations.join('\n')).toEqual([]);
      }
    });
  }
});

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
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const $ = cheerio.load(await (await page.request.get(`${baseURL}/`)).text());
    expect($('meta[http-equiv="refresh"]').attr('content')).toBe(`0; url=${HOME_REDIRECT_TARGET}`);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${brand.siteUrl}${HOME_REDIRECT_TARGET}`);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${HOME_REDIRECT_TARGET}$`));
    await expect(page.locator('h1').first()).toHaveText('Welcome');
    await context.close();
  });
});
