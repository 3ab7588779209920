import { test, expect } from './fixtures';
import { axeViolations, gotoHydrated } from './helpers';

// Every route of the route table is checked with axe in the route-table pass
// (tests/e2e/routes.spec.ts), on the same page load, but /api, which api-reference.spec.ts
// scans with a viewport taller than the page. Here: the not-found page and a phone.

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test('/no-such-page has no violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    const summary = await axeViolations(page);
    expect(summary, summary.join('\n')).toEqual([]);
  });
});

test.describe('accessibility on a phone (412 px, as Lighthouse mobile)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  // /api: scanned in api-reference.spec.ts.
  for (const route of ['/api/create-charge', '/guides/charges/attributes', '/help-center/withdrawal/statuses']) {
    test(`${route} has no violations`, async ({ page }) => {
      await gotoHydrated(page, route);
      const summary = await axeViolations(page);
      expect(summary, summary.join('\n')).toEqual([]);
    });
  }
});
