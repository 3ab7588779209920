/**
 * The crawl: every page of the sitemap, and /search, opened once in the browser through the nginx that
 * ships (the CSP enforced), each visit recorded (tests/e2e/crawl.ts) and every check asserted on the
 * record. The routes of the specification's table (tests/fixtures/routes.ts) are also audited with axe
 * (WCAG 2.1 A and AA), and so are API pages of each kind, in a viewport taller than the page.
 * The pages are split into parts that run in parallel, one tab each.
 */
import { test, expect } from './fixtures';
import { brand } from '../../src/brand';
import { calls } from '../openapi';
import { pageRoutes, searchRoute } from '../fixtures/routes';
import { crawler, type Audit, type Visit } from './crawl';
import { sitemapRoutes } from './helpers';
import { builtScriptsHolding, EXPLORER_MARKERS, FULL_CRYPTO_JS_MARKERS, MERMAID_MARKERS, SCHEMA_VIEWER_MARKERS } from './code-markers';

const ROUTES = [...sitemapRoutes(), searchRoute];
const PARTS = 4;
/**
 * Audited with axe in a viewport taller than the page (axe then checks every element's colours): the overview, an
 * operation with a body of several examples, one with a path parameter, one with a query, a schema page and a
 * webhook. The other routes of the table are audited in the tab's viewport.
 */
const AUDITED_WHOLE = [
  '/api',
  '/api/create-charge',
  '/api/send-mass-payout',
  '/api/get-convert-token',
  '/api/schemas/charge',
  '/api/payin-callback',
];
const auditOf = (route: string): Audit => (AUDITED_WHOLE.includes(route) ? 'whole page' : pageRoutes.includes(route) ? 'in view' : 'none');

/**
 * The Mermaid runtime in this build (the file that holds the text of Mermaid's error diagram and loads the diagram
 * renderers), and the API Reference's stylesheet: guide and help-centre pages load neither, unless a page draws a
 * diagram. The first test checks the detector against what a page with a diagram and one without load.
 */
const mermaidRuntime = builtScriptsHolding(MERMAID_MARKERS);
/**
 * The code an API page loads only when a reader asks for it: the explorer and its code generators, the whole crypto-js
 * (the operation store needs its SHA-1 only), and, on the overview, the schema viewer.
 */
const explorerCode = builtScriptsHolding([...EXPLORER_MARKERS, ...FULL_CRYPTO_JS_MARKERS]);
const schemaViewerCode = builtScriptsHolding(SCHEMA_VIEWER_MARKERS);
const isApiStylesheet = (pathname: string) => /^\/assets\/css\/api-reference\.[0-9a-f]+\.css$/.test(pathname);

/** Each check: what it says of a page, and the problem it finds in a visit's record (none when the page passes). */
const CHECKS: Array<[string, (v: Visit) => string | undefined]> = [
  ['answers 200', (v) => (v.status === 200 ? undefined : `status ${v.status}`)],
  ['hydrates', (v) => (v.hydrated ? undefined : 'not hydrated')],
  ['is titled "<h1> | brand"', (v) => (v.title === `${v.h1} | ${brand.name}` ? undefined : `title "${v.title}", h1 "${v.h1}"`)],
  [
    'shows its h1, not the not-found page',
    (v) => (v.h1Visible && !v.notFound ? undefined : `h1 visible: ${v.h1Visible}, not found: ${v.notFound}`),
  ],
  ['logs no console error, page error or CSP violation', (v) => (v.problems.length === 0 ? undefined : v.problems.join('\n'))],
  [
    'loads all the code it loads without a reader’s action',
    (v) => (v.stillLoading.length === 0 ? undefined : `still loading ${v.stillLoading.join(', ')}`),
  ],
  [
    'loads the API Reference stylesheet on /api pages only, once',
    (v) => {
      const count = v.loaded.filter(isApiStylesheet).length;
      const expected = v.route === '/api' || v.route.startsWith('/api/') ? 1 : 0;
      return count === expected ? undefined : `${count} API stylesheet(s)`;
    },
  ],
  [
    'draws every diagram, and loads the Mermaid runtime only for one',
    (v) => {
      const runtime = v.loaded.filter((p) => mermaidRuntime.has(p)).length;
      if (v.drawn !== v.diagrams) return `${v.drawn} of ${v.diagrams} diagrams drawn`;
      return v.diagrams > 0 === runtime > 0 ? undefined : `${v.diagrams} diagram(s), ${runtime} Mermaid file(s) loaded`;
    },
  ],
  [
    'on an API page, loads none of the explorer’s code until a reader opens it (the overview: no schema viewer either)',
    (v) => {
      if (v.route !== '/api' && !v.route.startsWith('/api/')) return undefined;
      const found = v.scripts.filter((p) => explorerCode.has(p) || (v.route === '/api' && schemaViewerCode.has(p)));
      return found.length === 0 ? undefined : `loaded ${found.join(', ')}`;
    },
  ],
  ['has no accessibility violation', (v) => (v.axe === undefined || v.axe.length === 0 ? undefined : v.axe.join('\n'))],
];

test('the crawl covers the whole site: every sitemap page, every route of the table and /search', () => {
  expect(ROUTES.length, 'the sitemap lists the whole site').toBeGreaterThan(pageRoutes.length + calls.length);
  expect(pageRoutes.filter((route) => !ROUTES.includes(route))).toEqual([]);
  expect(new Set(ROUTES).size, 'each page once').toBe(ROUTES.length);
  expect(
    AUDITED_WHOLE.filter((route) => !ROUTES.includes(route)),
    'pages audited whole are in the sitemap',
  ).toEqual([]);
});

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
      return (await (await crawler(await context.newPage()))(route)).loaded;
    } finally {
      await context.close();
    }
  };
  const onDiagramPage = await open(withDiagram as string);
  const onPlainPage = await open(section);
  expect(
    onPlainPage.filter((p) => mermaidRuntime.has(p)),
    `found on ${section}`,
  ).toEqual([]);
  expect(
    onDiagramPage.filter((p) => !onPlainPage.includes(p) && mermaidRuntime.has(p)),
    `found among what the diagram of ${withDiagram} brings`,
  ).not.toEqual([]);
});

test.describe('every page, opened once through nginx with the CSP enforced', () => {
  for (let part = 0; part < PARTS; part += 1) {
    const routes = ROUTES.filter((_, i) => i % PARTS === part);
    test(`part ${part + 1} of ${PARTS} (${routes.length} pages) passes every check`, async ({ page }) => {
      // A guard against a hang, not a speed goal (npm run bench reports the crawl's time).
      test.setTimeout(routes.length * 20_000);
      const visit = await crawler(page);
      const visits: Visit[] = [];
      for (const route of routes) visits.push(await visit(route, { audit: auditOf(route) }));
      expect(visits.filter((v) => v.axe).length, 'pages audited with axe').toBe(routes.filter((r) => auditOf(r) !== 'none').length);
      for (const [name, check] of CHECKS) {
        const found = visits.flatMap((v) => {
          const problem = check(v);
          return problem === undefined ? [] : [`${v.route}: ${problem}`];
        });
        expect.soft(found, `every page ${name}`).toEqual([]);
      }
    });
  }
});
