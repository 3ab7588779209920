/**
 * The servers the tests and benchmarks start as child processes (nginx, the
 * local sandbox, `docusaurus serve`): a free loopback port for one, a wait
 * until it answers HTTP, and a build folder served by `docusaurus serve`.
 * Used by tests/e2e/nginx.ts, tests/sandbox.ts, tests/unit/mcp-harness.ts, tests/unit/mcp-refusals.test.ts and the
 * benchmarks in scripts/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/** A port that nothing listens on right now, found by letting the system pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers with a status below 500 (an unknown path's 404
 * counts: the server listens). Fails when the process exits first or the time
 * runs out; `output` adds what the process printed to the error.
 */
export async function answering(url: string, child: ChildProcess, timeoutMs: number, output = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with ${child.exitCode}\n${output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).status < 500) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Serves `dir` with `docusaurus serve` (this project's) on a free loopback port, once
 * `probePath` answers; returns its base URL and a stop function (also run when this process exits).
 */
export async function serveBuild(dir: string, probePath = '/'): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('npx', ['docusaurus', 'serve', '--dir', dir, '--host', '127.0.0.1', '--port', String(port), '--no-open'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM'); // the process group: npx and its docusaurus child
      } catch {
        server.kill('SIGTERM');
      }
    }
  };
  process.on('exit', stop);
  await answering(`${base}${probePath}`, server, 60_000);
  return { base, stop };
}
