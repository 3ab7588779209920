import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { pageRoutes } from '../fixtures/routes';
import { gotoHydrated } from './helpers';

/** WCAG 2.1 levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  for (const route of [...pageRoutes, '/no-such-page']) {
    test(`${route} has no violations`, async ({ page }) => {
      if (route === '/no-such-page') await page.goto(route);
      else await gotoHydrated(page, route);
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`,
      );
      expect(summary, summary.join('\n')).toEqual([]);
    });
  }
});

test.describe('accessibility on a phone (412 px, as Lighthouse mobile)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  for (const route of ['/api', '/api/create-charge', '/guides/charges/attributes', '/help-center/withdrawal/statuses']) {
    test(`${route} has no violations`, async ({ page }) => {
      await gotoHydrated(page, route);
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      expect(summary, summary.join('\n')).toEqual([]);
    });
  }
});
