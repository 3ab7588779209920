/** The /search page of the built-in search: results with their headings, the answering sentence, and hostile queries. */
import { test, expect } from './fixtures';
import { gotoHydrated, collectErrors, isIndex } from './helpers';

test.describe('search page /search (built-in index)', () => {
  test.use({ server: 'shipped' });

  test('/search?q= lists results with links to their headings', async ({ page }) => {
    await gotoHydrated(page, '/search?q=void%20an%20invoice');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('void an invoice');
    const results = page.locator('main article');
    await expect(results.first()).toBeVisible();
    await expect(results.first().locator('a').first()).toHaveAttribute('href', /void/);
  });

  test('/search shows under a heading the sentence that answers the question', async ({ page }) => {
    await gotoHydrated(page, `/search?q=${encodeURIComponent('How do I turn on two-factor authentication?')}`);
    const first = page.locator('main article').first();
    await expect(first.locator('a').first()).toHaveAttribute('href', /#check-your-one-time-codes$/);
    await expect(first).toContainText('switch them on');
  });

  // One tab for all: each query opens /search anew, as a link to it would.
  test('/search survives hostile queries, each searched and shown as text', async ({ page }) => {
    const errors = collectErrors(page);
    for (const query of [
      '<script>window.__xss=1</script>',
      '"><img src=x onerror="window.__xss=1">',
      'b'.repeat(1000),
      '🧾',
      '(.*)[',
      '   ',
    ]) {
      const name = JSON.stringify(query.slice(0, 30));
      const indexLoaded = page.waitForResponse((r) => isIndex(r.url()));
      await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
      // The page searches every query it is given: once the index has arrived, the spinner
      // shows until the answer is rendered, as results or "No results were found".
      await indexLoaded;
      await expect(page.locator('[class*="loadingSpinner"]'), name).toHaveCount(0);
      await expect(page.locator('main article').or(page.getByText('No results were found')).first(), name).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), name).toBeUndefined();
      if (query.trim()) await expect(page.getByRole('heading', { level: 1 }), name).toContainText(query.trim().slice(0, 20));
      expect(errors, name).toEqual([]);
    }
  });
});
