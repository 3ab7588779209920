/**
 * Cloudflare's own runtime for the hosting tests: `wrangler pages dev build` (wrangler 3, which runs
 * on Node 20; it serves the build through workerd as Cloudflare Pages does, reading `_headers` and
 * `_redirects`), as a Playwright worker fixture: started the first time a test of the worker asks
 * for it, on a free loopback port, with its state and logs in a folder of its own, and stopped by its
 * process group when the worker ends. wrangler tries to reach workers.cloudflare.com at start; here
 * the lookup fails and it goes on. The `test` exported here takes its baseURL from it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { answering, freePort } from '../../tools/servers';

/** The compatibility date the site is checked with (wrangler 3.114's workerd supports it). */
const COMPATIBILITY_DATE = '2025-07-18';

export interface RunningWrangler {
  readonly origin: string;
  /** Everything wrangler printed so far (its parse of _headers and _redirects among it). */
  output(): string;
  stop(): Promise<void>;
}

async function startWrangler(port: number, build = path.resolve('build')): Promise<RunningWrangler> {
  const origin = `http://127.0.0.1:${port}`;
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-wrangler-'));
  const wrangler = path.resolve('node_modules/.bin/wrangler');
  const child = spawn(
    wrangler,
    [
      'pages',
      'dev',
      build,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--compatibility-date',
      COMPATIBILITY_DATE,
      '--persist-to',
      path.join(state, 'state'),
      '--inspector-port',
      String(await freePort()),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: path.join(state, 'logs'), NO_COLOR: '1', CI: '1' },
    },
  );
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      // wrangler runs workerd and esbuild as children: the whole group goes.
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    fs.rmSync(state, { recursive: true, force: true });
  };
  try {
    await answering(`${origin}/guides/charges`, child, 60_000, () => printed);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, output: () => printed, stop };
}

export const test = base.extend<object, { wrangler: RunningWrangler }>({
  wrangler: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
    async ({}, use) => {
      const wrangler = await startWrangler(await freePort());
      try {
        await use(wrangler);
      } finally {
        await wrangler.stop();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ wrangler }, use) => {
    await use(wrangler.origin);
  },
});
