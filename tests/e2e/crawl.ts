/**
 * One visit of a built page, recording everything the crawl's checks read (tests/e2e/crawl.spec.ts): the
 * answer's status, hydration, the title and the first h1, the not-found page, console errors, page errors
 * and CSP violations, the scripts and stylesheets the page loads without a reader's action, its diagrams
 * and whether they are drawn, and, where asked, axe's violations (in a viewport taller than the page where asked:
 * axe then checks the colours of every element). A page is opened once; every check asserts on the record.
 */
import { expect, type Page } from '@playwright/test';
import { axeViolations, linksInViewReported, watchCsp } from './helpers';

export interface Visit {
  readonly route: string;
  readonly status: number | undefined;
  readonly hydrated: boolean;
  readonly title: string;
  /** The text of the first h1, and whether it is on screen. */
  readonly h1: string | undefined;
  readonly h1Visible: boolean;
  readonly notFound: boolean;
  /** Console errors, uncaught page errors and CSP violations, from the navigation until the record was made. */
  readonly problems: string[];
  /** The paths of the scripts and stylesheets the page loaded (resource timing: cache hits too). */
  readonly loaded: string[];
  /** The paths of every script the page fetched, prefetches too. */
  readonly scripts: string[];
  /** The page's assets that had not finished loading when it was recorded (none once settled). */
  readonly stillLoading: string[];
  /** Mermaid diagrams in the server's HTML, and how many of them are drawn. */
  readonly diagrams: number;
  readonly drawn: number;
  /** axe's violations (WCAG 2.1 A and AA), where the visit audits. */
  readonly axe?: string[];
}

/** How long a visit waits for each of its stages: a guard against a hang, not a speed goal (npm run bench times the crawl). */
const STAGE_TIMEOUT = 15_000;

/** The scripts, stylesheets and prefetches in the DOM that have not finished loading (no resource timing entry yet). */
const unfinishedAssets = (page: Page) =>
  page.evaluate(() => {
    const done = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
    return Array.from(
      document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
        'script[src], link[rel="stylesheet"][href], link[rel="prefetch"][href]',
      ),
    )
      .map((el) => (el instanceof HTMLScriptElement ? el.src : el.href))
      .filter((url) => !done.has(url));
  });

/** True once `wait` resolves within the stage's time, false when it does not. */
const within = (wait: Promise<unknown>) =>
  wait.then(
    () => true,
    () => false,
  );

/** A viewport taller than the longest page audited in it (an API page), as wide as a desktop. */
const TALL = { width: 1280, height: 12_000 };

/** How a visit audits: not at all, with axe in the tab's viewport, or with axe in a viewport taller than the page. */
export type Audit = 'none' | 'in view' | 'whole page';

/**
 * A crawler over one tab: `visit(route)` opens the route, waits until it has hydrated and loaded all the
 * code it loads without a reader's action (and drawn its diagrams), then records it; with `audit`, axe
 * runs on it as it is then. A 'whole page' visit opens the page in the tall viewport, and the tab's own
 * viewport comes back for the next visit.
 */
export async function crawler(page: Page): Promise<(route: string, options?: { audit?: Audit }) => Promise<Visit>> {
  let current = '';
  const problems = await watchCsp(page, () => current);
  const viewport = page.viewportSize();
  return async (route, { audit = 'none' } = {}) => {
    current = route;
    const before = (await problems()).length;
    if (audit === 'whole page') await page.setViewportSize(TALL);
    else if (viewport) await page.setViewportSize(viewport);
    const response = await page.goto(route);
    const hydrated = await within(page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: STAGE_TIMEOUT }));
    if (hydrated) await linksInViewReported(page);
    await within(expect.poll(() => unfinishedAssets(page), { timeout: STAGE_TIMEOUT }).toEqual([]));
    const diagrams = await page.locator('pre.language-mermaid').count();
    if (diagrams > 0)
      await within(expect(page.locator('.docusaurus-mermaid-container svg')).toHaveCount(diagrams, { timeout: STAGE_TIMEOUT }));
    const h1 = page.locator('h1').first();
    // What the page fetched (resource timing: cache hits too), read once for `loaded` and `scripts`.
    const resources = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ initiator: (entry as PerformanceResourceTiming).initiatorType, path: new URL(entry.name).pathname })),
    );
    const visit: Visit = {
      route,
      status: response?.status(),
      hydrated,
      title: await page.title(),
      h1: (await h1.count()) > 0 ? ((await h1.textContent()) ?? '').trim() : undefined,
      h1Visible: await h1.isVisible(),
      notFound: (await page.getByRole('heading', { name: 'Page not found' }).count()) > 0,
      loaded: resources.filter(({ initiator, path }) => initiator === 'script' || path.endsWith('.css')).map(({ path }) => path),
      scripts: resources.filter(({ path }) => path.endsWith('.js')).map(({ path }) => path),
      stillLoading: await unfinishedAssets(page),
      diagrams,
      drawn: await page.locator('.docusaurus-mermaid-container svg').count(),
      axe: audit === 'none' ? undefined : await axeViolations(page),
      problems: [],
    };
    return { ...visit, problems: (await problems()).slice(before) };
  };
}
