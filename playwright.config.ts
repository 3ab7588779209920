import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './harness/chromium';
import { SERVERS } from './tests/e2e/servers';

/**
 * A free loopback port for each server of the run (tests/e2e/servers.ts), found once by the runner and handed
 * to its workers through the environment (workers load this file again and must agree). A server that already
 * listens somewhere is never tested by mistake: the ports are new. Each server's variable (DOCS_PORT, ...)
 * chooses its port by hand.
 */
function freePorts(count: number): number[] {
  const probe = `const net = require('node:net');
const open = () => new Promise((resolve) => { const s = net.createServer().listen(0, '127.0.0.1', () => resolve(s)); });
Promise.all(Array.from({ length: ${count} }, open)).then((servers) => { console.log(servers.map((s) => s.address().port).join(' ')); servers.forEach((s) => s.close()); });`;
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim().split(' ').map(Number);
}
const unset = Object.values(SERVERS)
  .map((server) => server.portVariable)
  .filter((variable) => !process.env[variable]);
if (unset.length > 0) freePorts(unset.length).forEach((port, i) => (process.env[unset[i]] = String(port)));

export default defineConfig({
  testDir: 'tests/e2e',
  // Every test is its own unit of work, so the two workers finish together: a file run whole on one worker
  // (search.spec.ts) ran long after the other worker was done (measured: bench/HISTORY.md). Files whose tests
  // share a state say `mode: 'serial'`.
  fullyParallel: true,
  // Two workers on a 2-core machine: faster than one, and three were no faster (measured: bench/HISTORY.md).
  // E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // How long an assertion waits for the page: a guard against a hang, not a speed goal (npm run bench measures
  // speed). Playwright's 5 s was too short on a loaded 2-core machine: a first search (worker, index, engine)
  // under the other worker's axe audits took more than 5 s in one CI run, where it takes 0.3 to 1.3 s alone.
  expect: { timeout: 15_000 },
  // The JSON report feeds npm run bench's rows for the browser pass and the crawl (bench/lib/test-times.ts).
  reporter: [['list'], ['json', { outputFile: '.bench/e2e-report.json' }]],
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: TEST_CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  globalSetup: './tests/e2e/global-setup.ts',
});
