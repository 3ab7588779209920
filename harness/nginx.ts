/**
 * Debian's nginx over a build, as it ships: the configuration rendered from deploy/rules.ts
 * (deploy/render.ts), over the folder `npm run deploy:nginx` makes from the build (deploy/precompress.ts:
 * the build's files and a .gz beside each text file), on a free loopback port, with a prefix of its own
 * (pid, logs, temp files) that `stop()` removes. Used by the browser tests' fixture (tests/e2e/nginx.ts),
 * the hosting benchmark (bench/bench-hosting.ts) and the page benchmark (bench/bench.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareNginxRoot } from '../deploy/precompress';
import { renderNginx } from '../deploy/render';
import { answering, freePort } from './servers';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  readonly origin: string;
  /** What nginx printed on stderr since it started (the lines of its start, before its own log opens). */
  stderr(): string;
  /** Its error log (deploy/render.ts: `error_log <prefix>/error.log warn`). */
  errorLog(): string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The build folder, absolute. */
  build: string;
  /** A path that answers once nginx serves (any status below 500). */
  probePath: string;
  /** Serve the build folder as it is, not the precompressed copy (the configuration before issue 33). */
  asBuilt?: boolean;
  /** Changes the rendered configuration before nginx reads it. */
  editConf?: (conf: string) => string;
  /** Echo nginx's stderr to this process's (the tests do, so that a failed start shows why). */
  echoStderr?: boolean;
  /** The loopback port to listen on (default: a free one). */
  port?: number;
  /** The environment the rules are rendered for (default: this process's): the hosted-search settings of the CSP. */
  env?: Record<string, string | undefined>;
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nginx-'));
  // nginx's workers run as another user when this runs as root: they must be able to read the folder.
  fs.chmodSync(prefix, 0o755);
  let root = options.build;
  if (!options.asBuilt) {
    root = path.join(prefix, 'root');
    await prepareNginxRoot(options.build, root);
  }
  const conf = path.join(prefix, 'nginx.conf');
  const rendered = renderNginx({ root, listen: `127.0.0.1:${port}`, prefix, env: options.env });
  fs.writeFileSync(conf, options.editConf ? options.editConf(rendered) : rendered);
  const nginx = spawn(NGINX, ['-c', conf, '-p', prefix, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  await answering(`${origin}${options.probePath}`, nginx, 15_000, () => `${stderr}(see ${prefix}/error.log)`);
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
