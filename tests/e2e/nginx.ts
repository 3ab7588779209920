/**
 * Debian's nginx for the browser tests, as a Playwright worker fixture: one nginx per worker over
 * build/ as it ships (tools/nginx.ts: the rendered configuration, so the CSP is enforced, over the
 * precompressed folder), started the first time a test of the worker asks for it and stopped when the
 * worker ends. The `test` exported here takes its baseURL from it. Used by nginx.spec.ts,
 * markdown.spec.ts and sandbox.spec.ts, which all test build/ (the hosted-search build, build-hosted/,
 * is served by `docusaurus serve`: playwright.config.ts).
 */
import path from 'node:path';
import { test as base } from '@playwright/test';
import { startNginx, type RunningNginx } from '../../tools/nginx';

export const test = base.extend<object, { nginx: RunningNginx }>({
  nginx: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
    async ({}, use) => {
      const nginx = await startNginx({ build: path.resolve('build'), probePath: '/guides/charges', echoStderr: true });
      try {
        await use(nginx);
      } finally {
        await nginx.stop();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ nginx }, use) => {
    await use(nginx.origin);
  },
});
