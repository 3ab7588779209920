/**
 * The two hosts of the build, started once for the hosting tests (tests/unit/hosting.test.ts and the suites
 * of this folder, one process): Debian's nginx with the configuration that ships (harness/nginx.ts) and
 * Cloudflare's workerd under `wrangler pages dev` (harness/wrangler.ts), both over build/. Requests are raw:
 * no browser, and no URL parser between the test and the server.
 */
import { after, before } from 'node:test';
import http from 'node:http';
import { brand } from '../../../src/brand';
import { startNginx, type RunningNginx } from '../../../harness/nginx';
import { startWrangler, type RunningWrangler } from '../../../harness/wrangler';
import { assertBuilt, BUILD_DIR } from '../build-output';

let nginx: RunningNginx | undefined;
let wrangler: RunningWrangler | undefined;

before(async () => {
  assertBuilt();
  [nginx, wrangler] = await Promise.all([startNginx({ build: BUILD_DIR, probePath: brand.homeRoute }), startWrangler(BUILD_DIR)]);
});

after(async () => {
  await Promise.all([nginx?.stop(), wrangler?.stop()]);
});

const started = <T>(server: T | undefined, name: string): T => {
  if (!server) throw new Error(`${name} has not started`);
  return server;
};

/** The running hosts (set before the first test). */
export const hosts = {
  get nginx(): RunningNginx {
    return started(nginx, 'nginx');
  },
  get wrangler(): RunningWrangler {
    return started(wrangler, 'wrangler');
  },
  /** A host's origin by its name (HOSTS): the checks every host passes are written once and run for each. */
  origin(name: HostName): string {
    return name === 'nginx' ? this.nginx.origin : this.wrangler.origin;
  },
};

export const HOSTS = ['nginx', 'Cloudflare'] as const;
export type HostName = (typeof HOSTS)[number];

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * One request for `rawPath` exactly as written (node:http sends the path as given: no URL parser turns `\`
 * into `/` or resolves dots first, as fetch would), on a connection of its own; redirects are not followed.
 */
export function rawGet(origin: string, rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs `work` over `items`, `limit` at a time, in order. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  return results;
}
