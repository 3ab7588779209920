/**
 * Starts the local sandbox (`npm run sandbox`, scripts/sandbox.ts) as a child
 * process on a free loopback port, waits until it answers, and stops it by its
 * pid. Shared by the unit tests (tests/unit/sandbox.test.ts) and the browser
 * test (tests/e2e/sandbox.spec.ts).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { brand } from '../src/brand';

const ROOT = path.resolve(__dirname, '..');

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The origin and the base path of the brand's local sandbox URL (`/v2.0`). */
  readonly baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends the signal (Ctrl+C is SIGINT) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port that nothing listens on right now, found by letting the system pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startSandbox(timeoutMs = 30_000): Promise<RunningSandbox> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = origin + new URL(brand.localSandboxApiUrl).pathname.replace(/\/$/, '');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox.ts', '--port', String(port), '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  child.stderr.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited with ${child.exitCode}:\n${printed}`);
    try {
      // Any HTTP answer means it listens (an unknown path answers 404).
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the sandbox did not answer within ${timeoutMs} ms:\n${printed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    origin,
    baseUrl,
    output: () => printed,
    async stop(signal: NodeJS.Signals = 'SIGINT') {
      if (child.exitCode === null && child.pid) process.kill(child.pid, signal);
      return exited;
    },
  };
}
