import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { brand } from '../../src/brand';
import { gotoHydrated, isIndex, linksInViewReported, trackAssets } from './helpers';

const GUIDE = '/guides/charges/creating';
const HELP = '/help-center/withdrawal/fiat';
/** A page with h2, h3 and h4 headings and go, diff and bash code blocks (a short JSON block: /guides/payouts). */
const RICH_PAGE = '/guides/first-steps/api-key';

test.describe('navigation', () => {
  test('top navigation has exactly Guides, API Reference and Help Center', async ({ page }) => {
    await gotoHydrated(page, GUIDE);
    const links = page.locator('.navbar__items:not(.navbar__items--right) > a.navbar__item');
    await expect(links).toHaveText(['Guides', 'API Reference', 'Help Center']);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API Reference' })).toHaveAttribute(
      'href',
      '/api',
    );
  });

  test('Guides and Help Center each open their own sidebar', async ({ page }) => {
    await gotoHydrated(page, '/help-center/kyb');
    await page.locator('.navbar').getByRole('link', { name: 'Guides', exact: true }).click();
    await expect(page).toHaveURL(/\/guides\//);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    await expect(sidebar.getByRole('link', { name: 'First steps' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Registration' })).toHaveCount(0);
    await page.locator('.navbar').getByRole('link', { name: 'Help Center', exact: true }).click();
    await expect(page).toHaveURL(/\/help-center\/registration$/);
    await expect(sidebar.getByRole('link', { name: 'KYB' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'First steps' })).toHaveCount(0);
  });

  test('footer is shown with the support contact', async ({ page }) => {
    await gotoHydrated(page, GUIDE);
    const footer = page.locator('footer');
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: brand.supportEmail })).toHaveAttribute('href', `mailto:${brand.supportEmail}`);
  });

  test('announcement bar shows the announcement', async ({ page }) => {
    await gotoHydrated(page, HELP);
    await expect(page.getByRole('banner').filter({ hasText: brand.announcement })).toBeVisible();
  });
});

test.describe('version and language dropdowns', () => {
  test('version dropdown shows v2.0 and remembers the choice in local storage across a reload', async ({ page }) => {
    await gotoHydrated(page, GUIDE);
    const dropdown = page.locator('.navbar__items--right .dropdown').filter({ hasText: brand.apiVersionLabel });
    await expect(dropdown.locator('> .navbar__link')).toHaveText(brand.apiVersionLabel);
    await dropdown.hover();
    await dropdown.locator('.dropdown__menu').getByRole('link', { name: brand.apiVersionLabel, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
    const stored = () => page.evaluate(() => window.localStorage.getItem('docs-preferred-version-default'));
    expect(await stored()).toBe('current');
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    expect(await stored()).toBe('current');
    await expect(dropdown.locator('> .navbar__link')).toHaveText(brand.apiVersionLabel);
  });

  test('version dropdown follows the docs set of the page (help centre)', async ({ page }) => {
    await gotoHydrated(page, HELP);
    const dropdown = page.locator('.navbar__items--right .dropdown').filter({ hasText: brand.apiVersionLabel });
    await dropdown.hover();
    await dropdown.locator('.dropdown__menu').getByRole('link', { name: brand.apiVersionLabel, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${HELP}$`));
    expect(await page.evaluate(() => window.localStorage.getItem('docs-preferred-version-help-center'))).toBe('current');
  });

  test('language dropdown offers English only', async ({ page }) => {
    await gotoHydrated(page, GUIDE);
    const dropdown = page.locator('.navbar__items--right .dropdown').filter({ hasText: 'English' });
    await expect(dropdown.locator('.dropdown__menu li')).toHaveCount(1);
    await expect(dropdown.locator('.dropdown__menu a')).toHaveText(['English']);
  });
});

test.describe('light mode only', () => {
  test('no colour-mode switch, and a dark OS preference is not followed', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await gotoHydrated(page, GUIDE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: /dark mode|light mode|system mode/i })).toHaveCount(0);
    await expect(page.locator('.navbar [class*="colorModeToggle"]')).toHaveCount(0);
    await context.close();
  });
});

test.describe('page chrome', () => {
  test('table of contents shows h2 and h3 only (an h4 never appears in it)', async ({ page }) => {
    await gotoHydrated(page, RICH_PAGE);
    const article = page.locator('article');
    const toc = page.locator('.table-of-contents');
    const h2 = await article.locator('h2[id]').count();
    const h3 = await article.locator('h3[id]').count();
    expect(h2).toBeGreaterThan(0);
    expect(h3).toBeGreaterThan(0);
    const h4Ids = await article.locator('h4[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(h4Ids.length).toBeGreaterThan(0);
    await expect(toc.locator('a')).toHaveCount(h2 + h3);
    for (const id of h4Ids) await expect(toc.locator(`a[href="#${id}"]`)).toHaveCount(0);
  });

  test('sidebar has no hide button', async ({ page }) => {
    await gotoHydrated(page, GUIDE);
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collapse sidebar', exact: true })).toHaveCount(0);
    await expect(page.locator('[class*="collapseSidebarButton"]')).toHaveCount(0);
  });

  test('sidebar categories stay open when another category opens', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges/creating');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Attributes' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page).toHaveURL(/\/guides\/webhooks$/);
    await expect(sidebar.getByRole('link', { name: 'Payin' })).toBeVisible();
    // Charges stays open: categories do not auto-collapse.
    await expect(sidebar.getByRole('link', { name: 'Attributes' })).toBeVisible();
    await expect(sidebar.locator('button[aria-expanded="false"]')).toHaveCount(0);
  });

  test('code blocks are highlighted for go, diff, json and bash', async ({ page }) => {
    for (const [url, languages] of [
      [RICH_PAGE, ['go', 'diff', 'bash']],
      ['/guides/payouts', ['json']],
    ] as const) {
      await gotoHydrated(page, url);
      for (const language of languages) {
        const block = page.locator(`pre.prism-code.language-${language}`).first();
        await expect(block, `a ${language} block`).toBeVisible();
        // Highlighted: the block holds Prism tokens of more than one kind.
        const kinds = await block
          .locator('span.token')
          .evaluateAll((els) => new Set(els.flatMap((e) => Array.from(e.classList).filter((c) => c !== 'token'))).size);
        expect(kinds, `${language} token kinds`).toBeGreaterThan(1);
      }
    }
  });
});

test.describe('mobile sidebar', () => {
  const desktopSidebar = (page: Page) => page.locator('aside.theme-doc-sidebar-container');
  const menuButton = (page: Page) => page.getByRole('button', { name: 'Toggle navigation bar' });

  test('below 996 px (995 px) the mobile sidebar replaces the desktop one', async ({ page }) => {
    await page.setViewportSize({ width: 995, height: 800 });
    await gotoHydrated(page, GUIDE);
    await expect(desktopSidebar(page)).toBeHidden();
    await expect(menuButton(page)).toBeVisible();
    await menuButton(page).click();
    const mobile = page.locator('.navbar-sidebar');
    await expect(mobile).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Attributes' })).toBeVisible();
  });

  // src/theme/Navbar/MobileSidebar builds the menu on intent, not at hydration.
  test('on a phone the menu is built when the reader reaches for its button, and opens', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 800 });
    await gotoHydrated(page, '/api/create-charge');
    await expect(menuButton(page)).toBeVisible();
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await menuButton(page).hover();
    await page.mouse.down();
    await expect(page.locator('.navbar-sidebar')).toHaveCount(1);
    await page.mouse.up();
    const mobile = page.locator('.navbar-sidebar');
    await expect(mobile).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Create a charge' })).toBeVisible();
    // From the keyboard: focus builds it, Enter opens it.
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'Create a charge' })).toBeVisible();
  });

  // src/theme/DocSidebar/Desktop: on a phone the desktop sidebar of the server's HTML is not hydrated.
  for (const [width, hydrated] of [
    [412, false],
    [1280, true],
  ] as const) {
    test(`at ${width} px the server's desktop sidebar is ${hydrated ? '' : 'not '}hydrated`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // Whether React owned the server's sidebar links: read when they leave the page (on a phone, right
      // after hydration; React forgets a removed node later, in its passive effects) or at the end.
      await page.addInitScript(() => {
        const w = window as unknown as { __sidebarOwned?: boolean };
        const owned = (root: Element) => {
          const link = root.querySelector('.theme-doc-sidebar-menu a');
          return link ? Object.keys(link).some((key) => key.startsWith('__reactFiber')) : undefined;
        };
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of Array.from(record.removedNodes))
              if (node instanceof Element && w.__sidebarOwned === undefined) w.__sidebarOwned = owned(node);
        }).observe(document, { childList: true, subtree: true });
        (window as unknown as { __owned: typeof owned }).__owned = owned;
      });
      await gotoHydrated(page, '/api/create-charge');
      // On a phone Docusaurus drops the desktop sidebar once it knows the window's size (an effect after
      // hydration): wait until it has left the page. On a wide screen it stays, hydrated or not.
      if (width < 997) await expect(page.locator('.theme-doc-sidebar-menu')).toHaveCount(0);
      const reactOwned = await page.evaluate(() => {
        const w = window as unknown as { __sidebarOwned?: boolean; __owned: (root: Element) => boolean | undefined };
        return w.__sidebarOwned ?? w.__owned(document.documentElement) ?? null;
      });
      expect(reactOwned).toBe(hydrated);
    });
  }

  test('a phone-sized page widened after hydration gets a working desktop sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 800 });
    await gotoHydrated(page, GUIDE);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.setViewportSize({ width: 1280, height: 800 });
    const sidebar = desktopSidebar(page);
    await expect(sidebar).toBeVisible();
    // Its links navigate within the app (no page load), as the original's do.
    await sidebar.locator('a[href="/guides/charges/information"]').click();
    await expect(page.locator('article h1')).toHaveText('Retrieving and listing charges');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('at 997 px the desktop sidebar is shown', async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 800 });
    await gotoHydrated(page, GUIDE);
    await expect(desktopSidebar(page)).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
  });
});

test.describe('loading and failures', () => {
  /** Route chunks are every script but the runtime and main bundles. */
  const isRouteChunk = (url: string | URL) => /\/assets\/js\/(?!runtime~main|main\.)[^/]+\.js$/.test(String(url));

  test('progress bar shows on a slow navigation (after 200 ms) and goes once the page is there', async ({ page }) => {
    await gotoHydrated(page, '/guides/first-steps');
    // The next page's code is held until the bar has shown: the navigation is as slow as it takes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isRouteChunk, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByRole('article').getByRole('link', { name: 'API key' }).first().click();
    await expect(page.locator('#nprogress')).toBeAttached();
    await expect(page.locator('h1').first(), 'the page stays until the next one has loaded').toHaveText('First steps');
    release();
    await expect(page).toHaveURL(/\/guides\/first-steps\/api-key$/);
    await expect(page.locator('h1').first()).toHaveText('API key and authentication');
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('crash fallback shows "This page crashed." and Try again recovers', async ({ page }) => {
    // The page's content chunk is served with its component wrapped in one that throws while
    // window.__crashContent is true: the page's React render fails inside the layout.
    await page.addInitScript(() => {
      type Component = (props: object) => unknown;
      const w = window as unknown as { __crashContent: boolean; __crashing: (c: Component) => Component };
      const wrapped = new WeakMap<Component, Component>();
      w.__crashContent = true;
      w.__crashing = (Content) => {
        if (!wrapped.has(Content)) {
          wrapped.set(Content, (props) => {
            if (w.__crashContent) throw new Error('test: the content of this page throws');
            return Content(props);
          });
        }
        return wrapped.get(Content) as Component;
      };
    });
    // Chunk URL -> how many components were wrapped in it. The browser may fetch the chunk
    // more than once (preload, then script), so URLs are counted, not fetches.
    const patched = new Map<string, number>();
    await page.route(/\/assets\/js\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      // The MDX module of this page: its metadata names its doc id; `default` is its component.
      if (!body.includes(`JSON.parse('{"id":"charges/creating"`)) return route.fulfill({ response });
      let wrapped = 0;
      const crashing = body.replace(/\bdefault:\(\)=>([\w$]+)/g, (_, id: string) => {
        wrapped += 1;
        return `default:()=>window.__crashing(${id})`;
      });
      patched.set(route.request().url(), wrapped);
      return route.fulfill({ response, body: crashing });
    });
    await page.goto(GUIDE);
    await expect(page.getByText('This page crashed.')).toBeVisible();
    expect([...patched.values()], 'one content chunk of the page was found, with one component patched').toEqual([1]);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __crashContent: boolean }).__crashContent = false;
    });
    await tryAgain.click();
    await expect(page.getByText('This page crashed.')).toHaveCount(0);
    await expect(page.locator('article h1')).toHaveText('Creating a charge');
    // Prefetches may still be passing through the handler: closing the page would fail their
    // `route.fetch()` and report it in the next test.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a failed route preload reloads the page, which then loads', async ({ page }) => {
    // The page's own code and the prefetches of the links in view have loaded: the first
    // route chunk requested from now on is one of the clicked page's.
    const settled = trackAssets(page);
    // The search worker starts at idle and loads its own chunks, then the index: once the index has come, no chunk
    // of the worker is left to take the failure meant for the route (a fresh clone's run timed out so once).
    const indexLoaded = page.waitForResponse((r) => isIndex(r.url()));
    await page.goto('/guides/first-steps');
    await settled();
    await indexLoaded;
    await page.evaluate(() => {
      (window as unknown as { __beforeReload: boolean }).__beforeReload = true;
    });
    // Only a chunk asked for from the click on (its hover preloads the route) fails: a chunk the page asks for
    // at idle before it would otherwise take the failure, and the test would wait for a reload that never comes.
    let armed = false;
    let failed = 0;
    await page.route(isRouteChunk, async (route) => {
      if (armed && failed === 0) {
        failed += 1;
        await route.abort('failed');
      } else {
        await route.continue();
      }
    });
    const reloaded = page.waitForEvent('load');
    armed = true;
    await page.getByRole('article').getByRole('link', { name: 'welcome' }).first().click();
    await reloaded;
    expect(failed).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload)).toBeUndefined();
    await expect(page.locator('h1').first()).toHaveText('Welcome');
  });

  /**
   * Hovers a sidebar link and scrolls the page, then waits until the links now in view have
   * been reported to the page's observers (a prefetch on view, if one came back, would have
   * added its <link rel="prefetch"> by then). Returns the route chunks requested since hydration.
   */
  async function hoverAndScroll(page: Page): Promise<{ requested: string[] }> {
    const requested: string[] = [];
    await gotoHydrated(page, '/guides/first-steps');
    await linksInViewReported(page);
    page.on('request', (request) => {
      if (isRouteChunk(request.url())) requested.push(request.url());
    });
    // A hovered link loads its page's code on a fast connection (intent).
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Statuses' }).first().hover();
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    await linksInViewReported(page);
    return { requested };
  }

  for (const [name, connection] of [
    ['data saving on', { saveData: true, effectiveType: '4g' }],
    ['2G', { saveData: false, effectiveType: '2g' }],
  ] as const) {
    test(`no prefetching with ${name}`, async ({ page }) => {
      await page.addInitScript((conn) => {
        Object.defineProperty(navigator, 'connection', { configurable: true, get: () => conn });
      }, connection);
      const { requested } = await hoverAndScroll(page);
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
      expect(requested).toEqual([]);
    });
  }

  test('on a fast connection a hovered link loads its page, and links in view load nothing (control for the tests above)', async ({
    page,
  }) => {
    const { requested } = await hoverAndScroll(page);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    // Links are not prefetched because they are in view (patches/@docusaurus+core+*.patch):
    // on a phone that was every link of the sidebar, ~400 prefetches right after hydration.
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  });
});
