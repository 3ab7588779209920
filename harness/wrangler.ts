/**
 * Cloudflare's own runtime for the hosting tests: `wrangler pages dev build` (wrangler 3, which runs on
 * Node 20; it serves the build through workerd as Cloudflare Pages does, reading `_headers`, `_redirects`
 * and the MCP endpoint's `_worker.js`), on a free loopback port, with its state and logs in a folder of
 * its own, stopped by its process group. wrangler tries to reach workers.cloudflare.com at start; here
 * the lookup fails and it goes on. Used by the hosting tests (tests/unit/hosting.test.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answering, freePort } from './servers';

/** The compatibility date the site is checked with (wrangler 3.114's workerd supports it); harness/workerd.ts too. */
export const COMPATIBILITY_DATE = '2025-07-18';

/** What wrangler's local proxy answers a POST in flight while it swaps its runtime (its ProxyWorker's 503). */
const RESTARTED = 'Your worker restarted mid-request';

export interface RunningWrangler {
  readonly origin: string;
  /**
   * fetch through wrangler's local proxy. That proxy, not the worker and nothing at the edge, answers a POST in flight
   * while it swaps its runtime with 503 and RESTARTED, and sends only GETs again itself; it did so in about one run of
   * eight of the tests, with no reason in what it printed or logged. Such a request is sent once more, as its text asks,
   * and counted (`resent`); every other answer is returned as it came.
   */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  resent(): number;
  /** Everything wrangler printed so far (its parse of _headers and _redirects among it). */
  output(): string;
  stop(): Promise<void>;
}

/** Whether any process of the group is still there (signal 0 only asks). */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startWrangler(build: string, port?: number): Promise<RunningWrangler> {
  port ??= await freePort();
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
    const group = child.pid;
    if (group) {
      // wrangler runs workerd and esbuild as children: the whole group goes.
      if (child.exitCode === null) {
        process.kill(-group, 'SIGTERM');
        await exited;
      }
      // workerd has been seen to outlive wrangler's SIGTERM, spinning a core each: what is left of the group is killed.
      if (groupAlive(group)) process.kill(-group, 'SIGKILL');
    }
    fs.rmSync(state, { recursive: true, force: true });
  };
  try {
    await answering(`${origin}/guides/charges`, child, 60_000, () => printed);
  } catch (error) {
    await stop();
    throw error;
  }
  let resent = 0;
  const fetchThrough = async (input: string | URL, init?: RequestInit) => {
    const answer = await fetch(input, init);
    if (answer.status !== 503 || (init?.method ?? 'GET') !== 'POST' || !(await answer.clone().text()).includes(RESTARTED)) return answer;
    resent++;
    return fetch(input, init);
  };
  return { origin, output: () => printed, stop, fetch: fetchThrough, resent: () => resent };
}
