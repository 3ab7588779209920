/**
 * Debian's nginx for the browser tests: started on a loopback port with the
 * configuration rendered from deploy/rules.ts over build/ (so the CSP is
 * enforced), with its own prefix (pid, logs, temp files), stopped by its own
 * pid. Used by nginx.spec.ts, markdown.spec.ts and sandbox.spec.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderNginx } from '../../deploy/render';
import { answering } from '../servers';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  readonly origin: string;
  stop(): Promise<void>;
}

export async function startNginx(port: number, root = path.resolve('build')): Promise<RunningNginx> {
  const origin = `http://127.0.0.1:${port}`;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, renderNginx({ root, listen: `127.0.0.1:${port}`, prefix }));
  const nginx = spawn(NGINX, ['-c', conf, '-p', prefix, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  await answering(`${origin}/guides/charges`, nginx, 15_000, () => `(see ${prefix}/error.log)`);
  return {
    origin,
    async stop() {
      if (nginx.exitCode === null && nginx.pid) {
        process.kill(nginx.pid, 'SIGQUIT');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
