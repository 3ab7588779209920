/**
 * Starts the local sandbox (`npm run local-sandbox`, local-sandbox/cli.ts) as a child
 * process on a free loopback port, waits until it answers, and stops it by its
 * pid. Shared by the unit tests (tests/unit/local-sandbox.test.ts) and the browser
 * test (tests/e2e/local-sandbox.spec.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { brand } from '../src/brand';
import { answering, freePort } from './servers';

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

export async function startSandbox(timeoutMs = 90_000): Promise<RunningSandbox> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = origin + new URL(brand.localSandboxApiUrl).pathname.replace(/\/$/, '');
  const child = spawn(process.execPath, ['--import', 'tsx', 'local-sandbox/cli.ts', '--port', String(port), '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  child.stderr.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  try {
    // Any HTTP answer means it listens (an unknown path answers 404).
    await answering(`${baseUrl}/`, child, timeoutMs, () => printed);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
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
