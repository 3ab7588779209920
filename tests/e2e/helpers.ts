/**
 * What the browser tests share: the sitemap's routes, opening a page until it has hydrated, an operation's "Try it"
 * form, the console and CSP watch, the wait until a page has loaded its code, the not-found page, and the accessibility audit, which puts
 * axe-core 4.14's own script (axe.min.js, the package's minified browser build) into the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { brand } from '../../src/brand';

/** Every URL of build/sitemap.xml, as paths. */
export function sitemapRoutes(): string[] {
  const xml = fs.readFileSync(path.resolve(__dirname, '../../build/sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Opens a path and waits until React has hydrated it (keys and clicks work from then on). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
}

/**
 * Opens an operation's page, hydrated, and its "Try it" form with the server's field open for editing: the form, once
 * its server is the local sandbox's URL (the only server the explorer offers).
 */
export async function openTryIt(page: Page, path: string): Promise<Locator> {
  await gotoHydrated(page, path);
  await page.getByRole('button', { name: 'Try it' }).click();
  const form = page.locator('.openapi-explorer__request-form');
  await expect(form.getByRole('button', { name: /send api request/i })).toBeVisible();
  await expect(form.locator('.openapi-explorer__server-url')).toHaveText(brand.localSandboxApiUrl);
  await form.locator('.openapi-explorer__server-url').hover();
  await form.getByRole('button', { name: 'Edit' }).click();
  return form;
}

/** Collects console errors and uncaught page errors from now on; `label()` (the route being visited, say) prefixes each. */
export function collectErrors(page: Page, label: () => string = () => ''): string[] {
  const errors: string[] = [];
  const add = (text: string) => errors.push(label() ? `${label()}: ${text}` : text);
  page.on('console', (msg) => {
    if (msg.type() === 'error') add(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => add(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Records console errors, page errors and CSP violations (each page reports them
 * to the console from its first script on) from now on, on every page the tab
 * opens. Call the result to read them: it first makes a round trip to the page,
 * so that what the page logged before has arrived.
 */
export async function watchCsp(page: Page, label?: () => string): Promise<() => Promise<string[]>> {
  const problems = collectErrors(page, label);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`securitypolicyviolation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return async () => {
    await page.evaluate(() => undefined);
    return problems;
  };
}

/**
 * Resolves once the page's IntersectionObservers have been told which elements
 * are in view now. Upstream Docusaurus prefetches a link's page from such an
 * observer (synchronously adding <link rel="prefetch"> elements); this site's
 * patch (patches/@docusaurus+core+*.patch) removes that, and the tests that
 * check it wait here. One made here is notified in the same rendering update as
 * those of the page, and the resolve waits for the end of that delivery task.
 */
export async function linksInViewReported(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const links = document.querySelectorAll('a[href]');
        if (links.length === 0) return resolve();
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          setTimeout(resolve);
        });
        links.forEach((link) => observer.observe(link));
      }),
  );
}

/** The scripts, stylesheets and prefetches (`link[rel=prefetch]`) in the page's DOM now, by URL. */
function assetsInDom(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
        'script[src], link[rel="stylesheet"][href], link[rel="prefetch"][href]',
      ),
    ).map((el) => (el instanceof HTMLScriptElement ? el.src : el.href)),
  );
}

/**
 * Records the requests of the page from now on. The function it returns waits
 * until the page has loaded all the code it loads without a reader's action:
 * after hydration (effects that load code on mount have added their <script> by
 * then) and once the links in view have been reported (any prefetch they caused added),
 * every script, stylesheet and prefetch in the DOM has finished loading (or failed).
 */
export function trackAssets(page: Page): () => Promise<void> {
  const done = new Set<string>();
  page.on('requestfinished', (request) => done.add(request.url()));
  page.on('requestfailed', (request) => done.add(request.url()));
  return async () => {
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    await linksInViewReported(page);
    await expect
      .poll(async () => (await assetsInDom(page)).filter((url) => !done.has(url)), { message: 'assets still loading' })
      .toEqual([]);
  };
}

/** The not-found page, as a reader sees it. */
export async function expectNotFound(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const main = page.locator('main');
  for (const name of ['Guides', 'API Reference', 'Help Center', 'Search']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  }
}

/** WCAG 2.1 levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe-core's own script, put into the page as it is when a test asks for an audit. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it is now (WCAG 2.1 A and AA), one line each with up to five targets.
 * axe runs in the page itself: its script put in, then `axe.run` over the document, violations only. That took
 * about half the time of @axe-core/playwright's run (measured: bench/HISTORY.md), which audits each frame apart and
 * joins the results in a blank page of its own; the site's pages have no frame, and an audit refuses a page that has
 * one.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const frames = page.frames().length;
  if (frames !== 1) throw new Error(`axe audits the top document only, and ${page.url()} has ${frames - 1} frame(s)`);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    type Violation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((n) => n.target.join(' ')) }));
  }, WCAG_TAGS);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.targets.slice(0, 5).join('\n  ')}`);
}

/** The site is served locally; a page (the API explorer) could reach the API hosts: nothing leaves the machine. */
export async function blockExternalHosts(context: BrowserContext, baseURL: string): Promise<void> {
  await context.route(/^https?:\/\//, (route) => (route.request().url().startsWith(baseURL) ? route.continue() : route.abort()));
}

/** A request or response of the built-in search's index (search-index.json). */
export const isIndex = (url: string | URL) => String(url).includes('/search-index.json');
