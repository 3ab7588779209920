/**
 * Starts the docs MCP server as the package ships it (mcp/dist/server.js, built
 * by `npm run mcp:build`) in a child process and connects the SDK's own client
 * to it, over stdio as an assistant's host does, or over HTTP to a server
 * started with `--http`. Used by the tests (tests/unit/mcp*.test.ts),
 * `npm run mcp:inspect` and `npm run bench:mcp`.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const ROOT = path.resolve(__dirname, '..');

/** The built server: the file the package's `bin` runs. */
export const SERVER_JS = path.join(ROOT, 'mcp/dist/server.js');

/** Fails when mcp/dist/server.js is missing or older than a source it is built from (mcp/*.ts, src/). */
export function assertServerBuilt(): void {
  if (!fs.existsSync(SERVER_JS)) throw new Error('mcp/dist/server.js is missing: run `npm run mcp:build` first (npm run test:unit does).');
  const built = fs.statSync(SERVER_JS).mtimeMs;
  const sources = [
    ...fs
      .readdirSync(path.join(ROOT, 'mcp'), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(ROOT, 'mcp', e.name)),
    ...fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).map((name) => path.join(ROOT, 'src', name)),
  ].filter((file) => /\.tsx?$|package\.json$/.test(file));
  const newer = sources.find((file) => fs.statSync(file).mtimeMs > built);
  if (newer) throw new Error(`mcp/dist/server.js is older than ${path.relative(ROOT, newer)}: run \`npm run mcp:build\``);
}

export type ServerProcess = {
  client: Client;
  /** The server's process id (for its memory in /proc/<pid>/status). */
  pid: number;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
};

type StartOptions = {
  /** Node's options, before the entry (`--import <hook>`, `--max-old-space-size=96`). */
  nodeArgs?: string[];
  /** The command to run instead of `node <nodeArgs> mcp/dist/server.js` (an installed package's bin). */
  command?: string;
  cwd?: string;
  env?: Record<string, string>;
};

/** The server's environment: this one's, without the variables that would choose its site or sandbox for it. */
function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { ...(process.env as Record<string, string>), DOCS_MCP_SITE: '', DOCS_MCP_LOCAL_SANDBOX: '', ...extra };
}

/** Starts the server on stdio with `args` (`--site URL`, `--local-sandbox URL`) and connects a client. */
export async function startServer(args: string[], options: StartOptions = {}): Promise<ServerProcess> {
  if (!options.command) assertServerBuilt();
  const transport = new StdioClientTransport({
    command: options.command ?? process.execPath,
    args: options.command ? args : [...(options.nodeArgs ?? []), SERVER_JS, ...args],
    cwd: options.cwd ?? ROOT,
    stderr: 'pipe',
    env: serverEnv(options.env),
  });
  let printed = '';
  transport.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const client = new Client({ name: 'docs-mcp-check', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await transport.close();
    throw new Error(`the MCP server did not start: ${error instanceof Error ? error.message : String(error)}\n${printed}`);
  }
  const pid = transport.pid;
  if (pid === null) throw new Error('the MCP server has no process id');
  return { client, pid, stderr: () => printed, close: () => client.close() };
}

export type HostedServer = {
  /** The MCP endpoint (`http://127.0.0.1:PORT/mcp`). */
  url: string;
  pid: number;
  stderr(): string;
  /** A client connected over Streamable HTTP (a new one each call). */
  connect(): Promise<Client>;
  stop(): Promise<void>;
};

/**
 * Starts the server with `--http 127.0.0.1:0` and `args`, and resolves once it
 * prints the address it listens on (the system picks the port).
 */
export async function startHostedServer(args: string[], nodeArgs: string[] = []): Promise<HostedServer> {
  assertServerBuilt();
  const child = spawn(process.execPath, [...nodeArgs, SERVER_JS, '--http', '127.0.0.1:0', ...args], {
    cwd: ROOT,
    env: serverEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const listening = /listening on (http:\/\/\S+)\n/.exec(printed);
      if (listening) resolve(listening[1]);
    });
    child.once('exit', (code) => reject(new Error(`the MCP server exited with ${code} before it listened\n${printed}`)));
  });
  const clients: Client[] = [];
  return {
    url,
    pid: child.pid!,
    stderr: () => printed,
    async connect() {
      const client = new Client({ name: 'docs-mcp-check', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((c) => c.close()));
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * A request to a hosted server (`url`, its /mcp) whose headers arrive and whose body never does whole: one byte
 * every 100 ms. Resolves with the raw answer once the server closes the connection, and how long that took (ms).
 */
export function trickledRequest(url: string): Promise<{ answer: string; ms: number }> {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: 100\r\n\r\n{`,
      );
    });
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => {
      clearInterval(trickle);
      resolve({ answer, ms: performance.now() - started });
    });
    socket.on('error', reject);
  });
}
