/**
 * The `test` of every browser test: Playwright's, with one option, `server`: which of the run's servers
 * (tests/e2e/servers.ts) the test's pages come from, its baseURL. The default, `index held`, never warms
 * the search; the tests that search say `test.use({ server: 'shipped' })`.
 */
import { test as base } from '@playwright/test';
import { serverOrigin, type ServerName } from './servers';

export const test = base.extend<{ server: ServerName }>({
  server: ['index held', { option: true }],
  baseURL: async ({ server }, use) => {
    await use(serverOrigin(server));
  },
});

export { expect } from '@playwright/test';
