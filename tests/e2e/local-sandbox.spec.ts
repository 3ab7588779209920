/**
 * "Try it" against the local sandbox (`npm run local-sandbox`), in the browser, with
 * the site served by nginx (tests/e2e/global-setup.ts) and its
 * CSP enforced: a reader opens a call, finds the local sandbox as its server, sends
 * the documented example and sees the documented answer.
 *
 * The built site offers the local sandbox at brand.localSandboxApiUrl (port
 * 4010). So that the test never depends on that port being free, the sandbox
 * runs on a free port and the browser's requests to the local sandbox origin
 * are sent there (the CSP is checked by the page before any request leaves it,
 * so a connect-src that lacks the origin still fails the test).
 */
import { test, expect } from './fixtures';
import { brand } from '../../src/brand';
import { call, requestExamples, responseOf } from '../openapi';
import { startSandbox, type RunningSandbox } from '../../harness/local-sandbox';
import { openTryIt, watchCsp } from './helpers';

const LOCAL_ORIGIN = new URL(brand.localSandboxApiUrl).origin;

let sandbox: RunningSandbox | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  sandbox = await startSandbox();
});

test.afterAll(async () => {
  await sandbox?.stop();
});

test('Try it on /api/create-charge sends the example to the local sandbox and shows the documented answer', async ({ page }) => {
  const running = sandbox as RunningSandbox;
  const createCharge = call('createCharge');
  const [exampleName, example] = requestExamples(createCharge)[0];
  const documented = responseOf(createCharge, '200').example;

  const problems = await watchCsp(page);
  const sent: string[] = [];
  await page.route(`${LOCAL_ORIGIN}/**`, (route) => {
    sent.push(`${route.request().method()} ${route.request().url()}`);
    return route.continue({ url: route.request().url().replace(LOCAL_ORIGIN, running.origin) });
  });

  // The server: the local sandbox, the only one the explorer offers, with how to start it.
  const form = await openTryIt(page, '/api/create-charge');
  await expect(form.locator('.openapi-explorer__server-description')).toContainText('npm run local-sandbox');

  // The documented request example, any bearer token, send.
  await form.getByRole('tab', { name: exampleName, exact: true }).click();
  const body = form.getByRole('textbox', { name: 'Request body' });
  expect(JSON.parse(await body.inputValue())).toEqual(example);
  await form.getByLabel('Bearer Token').fill('sandbox-test-token');
  await form.getByRole('button', { name: /send api request/i }).click();
  const response = page.locator('.openapi-explorer__response-container');
  await expect(response.getByRole('tab', { name: /\b200$/ })).toBeVisible();
  const answer = response.locator('.openapi-response__status-code code');
  expect(JSON.parse((await answer.textContent()) ?? '')).toEqual(documented);
  expect(sent).toEqual([`POST ${brand.localSandboxApiUrl}${createCharge.path}`]);
  expect(await problems()).toEqual([]);

  // Without project_id, the answer is the documented 422, naming the field.
  const { project_id: _, ...withoutProject } = example;
  await body.fill(JSON.stringify(withoutProject, null, 2));
  await form.getByRole('button', { name: /send api request/i }).click();
  await expect(response.getByRole('tab', { name: /\b422$/ })).toBeVisible();
  const rejected = JSON.parse((await answer.textContent()) ?? '');
  expect(rejected.data.message).toBe(responseOf(createCharge, '422').example.data.message);
  expect(rejected.data.errors.map((e: { target: string }) => e.target)).toEqual(['project_id']);
  // The browser logs every 4xx answer to the console; nothing else (no CSP violation).
  expect(await problems()).toEqual([expect.stringMatching(/^console: Failed to load resource: .* 422\b/)]);
});
