import { defineConfig, devices } from '@playwright/test';

/** Tests run against the production build (build/), served locally, in Debian's chromium. */
const PORT = Number(process.env.DOCS_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `npx docusaurus serve --host 127.0.0.1 --port ${PORT} --no-open`,
    url: BASE_URL + '/guides/first-steps/welcome',
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
