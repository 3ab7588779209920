/**
 * Debian's nginx for the browser tests, as a Playwright worker fixture: one
 * nginx per worker, started the first time a test of the worker asks for it, on
 * a free loopback port, with the configuration rendered from deploy/rules.ts
 * over build/ (so the CSP is enforced) and a prefix of its own (pid, logs, temp
 * files), and stopped by its pid when the worker ends. The `test` exported here
 * takes its baseURL from it. It serves the folder `npm run deploy:nginx` makes from build/
 * (deploy/precompress.ts: the build's files and a .gz beside each text file), in its prefix. Used by nginx.spec.ts, markdown.spec.ts and
 * sandbox.spec.ts, which all test build/ (the hosted-search build, build-hosted/,
 * is served by `docusaurus serve`: playwright.config.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { prepareNginxRoot } from '../../deploy/precompress';
import { renderNginx } from '../../deploy/render';
import { answering, freePort } from '../../tools/servers';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

interface RunningNginx {
  readonly origin: string;
  /** What nginx printed on stderr since it started (the lines of its start, before its own log opens). */
  stderr(): string;
  /** Its error log (deploy/render.ts: `error_log <prefix>/error.log warn`). */
  errorLog(): string;
  stop(): Promise<void>;
}

async function startNginx(port: number, build = path.resolve('build')): Promise<RunningNginx> {
  const origin = `http://127.0.0.1:${port}`;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nginx-'));
  // The folder nginx serves, made from the build as `npm run deploy:nginx` makes it (a .gz beside each text file).
  const root = path.join(prefix, 'root');
  // nginx's workers run as another user when the tests run as root: they must be able to read it.
  fs.chmodSync(prefix, 0o755);
  await prepareNginxRoot(build, root);
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, renderNginx({ root, listen: `127.0.0.1:${port}`, prefix }));
  const nginx = spawn(NGINX, ['-c', conf, '-p', prefix, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  nginx.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  await answering(`${origin}/guides/charges`, nginx, 15_000, () => `(see ${prefix}/error.log)`);
  const errorLog = path.join(prefix, 'error.log');
  return {
    origin,
    stderr: () => stderr,
    errorLog: () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''),
    async stop() {
      if (nginx.exitCode === null && nginx.pid) {
        process.kill(nginx.pid, 'SIGQUIT');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<object, { nginx: RunningNginx }>({
  nginx: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
    async ({}, use) => {
      const nginx = await startNginx(await freePort());
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
