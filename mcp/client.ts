/**
 * Starts the docs MCP server (mcp/server.ts) as a child process and connects
 * the SDK's own client to it over stdio, as an assistant's host does. Used by
 * the tests (tests/unit/mcp.test.ts), `npm run mcp:inspect` and `npm run bench:mcp`.
 */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = path.resolve(__dirname, '..');

export type ServerProcess = {
  client: Client;
  /** The server's process id (for its memory in /proc/<pid>/status). */
  pid: number;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
};

/** `args`: the server's options (`--site URL`, `--sandbox URL`); `nodeArgs` go before the entry (`--import <hook>`). */
export async function startServer(args: string[], nodeArgs: string[] = []): Promise<ServerProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', ...nodeArgs, path.join(ROOT, 'mcp/server.ts'), ...args],
    cwd: ROOT,
    stderr: 'pipe',
    env: { ...(process.env as Record<string, string>), DOCS_MCP_SITE: '', DOCS_MCP_SANDBOX: '' },
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
