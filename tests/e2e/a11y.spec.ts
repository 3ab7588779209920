import { test, expect } from './fixtures';
import { axeViolations, gotoHydrated } from './helpers';

// Every route of the route table, and API pages of each kind, are checked with axe in the crawl
// (tests/e2e/crawl.spec.ts), on the same page load. Here: the not-found page and a phone.

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
  for (const route of ['/api/create-charge', '/guides/charges/attributes', '/help-center/withdrawal/statuses']) {
    test(`${route} has no violations`, async ({ page }) => {
      await gotoHydrated(page, route);
      const summary = await axeViolations(page);
      expect(summary, summary.join('\n')).toEqual([]);
    });
  }
});
