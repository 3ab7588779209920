/**
 * Cloudflare's workerd alone (`workerd serve`, the binary wrangler runs, from the `workerd` package) over a build: its
 * `_worker.js` as the worker, and its ASSETS binding to workerd's own file service over the build, which serves a
 * file by its path as Pages' does (no `_headers`, `_redirects` or `.html` lookup: the MCP endpoint's tools ask for
 * files by their paths). Without Miniflare's entry worker in front of the worker and the inspector that wrangler runs
 * with, which share the thread that answers under `wrangler pages dev` (harness/wrangler.ts, for the hosting tests).
 * Used by bench/lib/edge-workerd.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import workerdBinary from 'workerd';
import { answering, freePort } from './servers';
import { COMPATIBILITY_DATE } from './wrangler';

export interface RunningWorkerd {
  readonly origin: string;
  /** workerd's process: its main thread runs the worker and answers. */
  readonly pid: number;
  stop(): Promise<void>;
}

/** workerd's configuration: the worker, its ASSETS binding to the build's files, one loopback socket. */
const config = (build: string, port: number) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "assets", disk = (path = ${JSON.stringify(path.resolve(build))}, writable = false)),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "_worker.js", esModule = embed "_worker.js") ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  bindings = [ (name = "ASSETS", service = "assets") ],
);
`;

export async function startWorkerd(build: string): Promise<RunningWorkerd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-workerd-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // An embed is read beside the configuration.
  fs.copyFileSync(path.join(build, '_worker.js'), path.join(dir, '_worker.js'));
  fs.writeFileSync(path.join(dir, 'config.capnp'), config(build, port));
  let printed = '';
  const child = spawn(workerdBinary, ['serve', path.join(dir, 'config.capnp')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The worker refuses a GET of /mcp (405) once it is up.
    await answering(`${origin}/mcp`, child, 30_000, () => printed);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.pid ?? NaN, stop };
}
