import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { defineConfig, devices } from '@playwright/test';
import { brand } from './src/brand';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

/** Tests run against the production build (build/), served locally, in Debian's chromium. */
const PORT = Number(process.env.DOCS_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The build made with hosted DocSearch settings (scripts/test.sh builds it into build-hosted/). */
const HOSTED_PORT = PORT + 1;
export const HOSTED_BASE_URL = `http://127.0.0.1:${HOSTED_PORT}`;
/** Its settings: tests/hosted-search.env, which scripts/test.sh builds with. */
const hostedEnv = parseEnv(fs.readFileSync(path.join(__dirname, 'tests/hosted-search.env'), 'utf8'));
function hostedSetting(name: string): string {
  const value = hostedEnv[name];
  if (!value) throw new Error(`tests/hosted-search.env sets no ${name}`);
  return value;
}
export const HOSTED_SEARCH = {
  appId: hostedSetting('DOCSEARCH_APP_ID'),
  apiKey: hostedSetting('DOCSEARCH_API_KEY'),
  indexName: hostedSetting('DOCSEARCH_INDEX_NAME'),
} as const;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two workers on a 2-core machine: 6.1 min against 7.1 min with one (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `npx docusaurus serve --host 127.0.0.1 --port ${PORT} --no-open`,
      url: BASE_URL + brand.homeRoute,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx docusaurus serve --dir build-hosted --host 127.0.0.1 --port ${HOSTED_PORT} --no-open`,
      url: HOSTED_BASE_URL + brand.homeRoute,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
