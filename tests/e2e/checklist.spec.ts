import { test, expect } from './fixtures';
import * as cheerio from 'cheerio';
import { gotoHydrated } from './helpers';

/**
 * The go-live checklist of the settings overview (help-center/settings/index.mdx):
 * each tick is remembered in this browser (local storage `go-live-checklist`), the
 * server HTML shows every box unticked, and a stored value it cannot read is ignored.
 */
const PAGE = '/help-center/settings';
const KEY = 'go-live-checklist';

test.describe('go-live checklist', () => {
  test('a tick is counted, remembered across a reload, and can be taken back', async ({ page }) => {
    await gotoHydrated(page, PAGE);
    const boxes = page.getByRole('checkbox');
    const total = await boxes.count();
    expect(total).toBeGreaterThan(1);
    await expect(page.getByText(`0 of ${total} done.`)).toBeVisible();

    await page.getByRole('checkbox', { name: /One-time codes are switched on/ }).check();
    await expect(page.getByText(`1 of ${total} done.`)).toBeVisible();
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), KEY)) ?? '{}')).toMatchObject({ 'one-time-code': true });

    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await expect(page.getByRole('checkbox', { name: /One-time codes are switched on/ })).toBeChecked();
    await expect(page.getByText(`1 of ${total} done.`)).toBeVisible();

    await page.getByRole('checkbox', { name: /One-time codes are switched on/ }).uncheck();
    await expect(page.getByText(`0 of ${total} done.`)).toBeVisible();
  });

  test('the server HTML shows every box unticked', async ({ request }) => {
    const $ = cheerio.load(await (await request.get(PAGE)).text());
    const boxes = $('input[type="checkbox"]');
    expect(boxes.length).toBeGreaterThan(1);
    expect(boxes.filter('[checked]').length).toBe(0);
  });

  test('a stored value that is not the checklist is ignored, and the page works', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, '{not json'), KEY);
    await gotoHydrated(page, PAGE);
    const boxes = page.getByRole('checkbox');
    for (const box of await boxes.all()) await expect(box).not.toBeChecked();
    await boxes.first().check();
    await expect(page.getByText(/^1 of \d+ done\./)).toBeVisible();
  });
});
