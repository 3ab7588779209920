/**
 * The "Copy page" button, in the browser through nginx with the CSP enforced: it copies the page's Markdown
 * twin and says so. The twins, llms.txt and `Accept: text/markdown` as nginx serves them:
 * tests/unit/hosting/nginx.ts.
 */
import { test, expect } from './fixtures';
import { brand } from '../../src/brand';
import { axeViolations, gotoHydrated, watchCsp } from './helpers';

/** A guide, a help-centre page, an operation and a schema of the API reference. */
const SAMPLES = ['/guides/charges/creating', '/help-center/withdrawal/statuses', '/api/create-charge', '/api/schemas/charge'];

test.describe.configure({ mode: 'serial' });

test.describe('the "Copy page" button', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  for (const route of SAMPLES) {
    test(`copies the twin of ${route} and says so`, async ({ page, baseURL }) => {
      const problems = await watchCsp(page);
      await gotoHydrated(page, route);
      const button = page.getByRole('button', { name: 'Copy page' });
      await expect(button).toBeVisible();
      // Near the title: above the page's h1, within the article.
      const [buttonBox, titleBox] = [await button.boundingBox(), await page.locator('article h1').first().boundingBox()];
      expect(buttonBox && titleBox && buttonBox.y < titleBox.y && titleBox.y - buttonBox.y < 200).toBe(true);
      await button.click();
      await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const twin = await (await fetch(`${baseURL}${route}.md`)).text();
      expect(copied).toBe(twin);
      expect(await problems()).toEqual([]);
    });
  }

  test('works from the keyboard', async ({ page, baseURL }) => {
    await gotoHydrated(page, '/help-center/withdrawal/statuses');
    const button = page.getByRole('button', { name: 'Copy page' });
    let reached = false;
    for (let presses = 0; presses < 150 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab reaches "Copy page"').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await (await fetch(`${baseURL}/help-center/withdrawal/statuses.md`)).text(),
    );
  });

  test('"View as Markdown" opens the twin', async ({ page, baseURL }) => {
    await gotoHydrated(page, '/api/create-charge');
    const link = page.getByRole('link', { name: 'View as Markdown' });
    await expect(link).toHaveAttribute('href', '/api/create-charge.md');
    const [response] = await Promise.all([page.waitForResponse(`${baseURL}/api/create-charge.md`), link.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    await expect(page).toHaveURL(`${baseURL}/api/create-charge.md`);
  });

  test('has no accessibility violations once it has copied', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges/creating');
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const summary = await axeViolations(page);
    expect(summary, summary.join('\n')).toEqual([]);
  });

  test('says so when the copy fails', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges/creating');
    await page.route('**/guides/charges/creating.md', (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copy failed' })).toBeVisible();
  });

  test('"Use with an assistant" opens ChatGPT or Claude on the twin, and adds the MCP endpoint to Cursor or VS Code', async ({ page }) => {
    await gotoHydrated(page, '/guides/charges/creating');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.getByText('Use with an assistant').click();
    // The forms each service documents, written out here: the twin on the public site, and the endpoint at its /mcp.
    const prompt = encodeURIComponent(`Read ${brand.siteUrl}/guides/charges/creating.md so that I can ask you questions about it.`);
    const endpoint = `${brand.siteUrl}/mcp`;
    const expected: Record<string, string> = {
      'Open in ChatGPT': `https://chatgpt.com/?hints=search&q=${prompt}`,
      'Open in Claude': `https://claude.ai/new?q=${prompt}`,
      'Add to Cursor': `cursor://anysphere.cursor-deeplink/mcp/install?name=crypto-payments-docs&config=${Buffer.from(`{"url":"${endpoint}"}`).toString('base64')}`,
      'Add to VS Code': `vscode:mcp/install?${encodeURIComponent(`{"name":"crypto-payments-docs","type":"http","url":"${endpoint}"}`)}`,
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
    }
    // Opening the menu sends nothing off the site (the site's own idle loads, such as the search index, may go on).
    const site = new URL(page.url()).origin;
    expect(requests.filter((url) => new URL(url).origin !== site)).toEqual([]);
    const summary = await axeViolations(page);
    expect(summary, summary.join('\n')).toEqual([]);
  });
});
