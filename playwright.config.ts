import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { defineConfig, devices } from '@playwright/test';
import { brand } from './src/brand';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tools/chromium';

/**
 * Two free loopback ports, found once by the runner and handed to its workers through the environment
 * (workers load this file again and must agree). A server that already listens somewhere is never
 * tested by mistake: the ports are new, and CI never reuses a server. DOCS_PORT and DOCS_HOSTED_PORT
 * choose them by hand.
 */
function freePorts(): [number, number] {
  const probe = `const net = require('node:net');
const open = () => new Promise((resolve) => { const s = net.createServer().listen(0, '127.0.0.1', () => resolve(s)); });
Promise.all([open(), open()]).then((servers) => { console.log(servers.map((s) => s.address().port).join(' ')); servers.forEach((s) => s.close()); });`;
  const [a, b] = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim().split(' ').map(Number);
  return [a, b];
}
if (!process.env.DOCS_PORT || !process.env.DOCS_HOSTED_PORT) {
  [process.env.DOCS_PORT, process.env.DOCS_HOSTED_PORT] = freePorts().map(String);
}

/** Tests run against the production build (build/), served locally, in Debian's chromium. */
const PORT = Number(process.env.DOCS_PORT);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The build made with hosted DocSearch settings (scripts/test.sh builds it into build-hosted/). */
const HOSTED_PORT = Number(process.env.DOCS_HOSTED_PORT);
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
  // How long an assertion waits for the page: a guard against a hang, not a speed goal (npm run bench measures
  // speed). Playwright's 5 s was too short on a loaded 2-core machine: a first search (worker, index, engine)
  // under the other worker's axe audits took more than 5 s in one CI run, where it takes 0.3 to 1.3 s alone.
  expect: { timeout: 15_000 },
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
