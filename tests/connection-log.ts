/**
 * Loaded with `node --import` into a process under test (the MCP server that
 * tests/unit/mcp/harness.ts starts): writes one `[connection] host:port` line to stderr
 * for every outgoing connection it tries, whether by fetch (undici, before it
 * connects, so a refused or unresolvable host is seen too) or by any other
 * socket. The test then checks which hosts the process reached.
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

const log = (host: string, port: number | string) => process.stderr.write(`[connection] ${host}:${port}\n`);

diagnostics.subscribe('undici:client:beforeConnect', (message) => {
  const { hostname, port, protocol } = (message as { connectParams: { hostname: string; port: string; protocol: string } }).connectParams;
  log(hostname, port || (protocol === 'https:' ? 443 : 80));
});

diagnostics.subscribe('net.client.socket', (message) => {
  const { socket } = message as { socket: Socket };
  socket.once('connectionAttempt', (ip: string, port: number) => log(ip, port));
});
