/**
 * HTTP as raw bytes on a socket of its own, for what a client library would not send: a malformed request, a
 * request that never ends, a header past a limit. The hosting tests (tests/unit/hosting/nginx.ts) and the sandbox's
 * (tests/unit/local-sandbox.test.ts) use it.
 */
import net from 'node:net';

type Options = {
  /** The loopback address to send from, so that one test is a client of its own (127.0.0.2, 127.0.0.3). */
  localAddress?: string;
  /** Gives up when the socket is silent this long (a hang guard): the promise rejects. */
  idleTimeoutMs?: number;
};

/** Sends `bytes` to `origin` and resolves with the whole answer, as text, once the server closes the connection. */
export function rawExchange(origin: string, bytes: string, { localAddress, idleTimeoutMs }: Options = {}): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.connect({ host: hostname, port: Number(port), localAddress }, () => socket.write(bytes));
    if (idleTimeoutMs) socket.setTimeout(idleTimeoutMs, () => socket.destroy(new Error(`no answer in ${idleTimeoutMs} ms`)));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** A raw answer read as a Response: its status line's status, its headers and its body. */
export function asResponse(text: string): Response {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = new Headers(lines.map((line) => line.split(/: (.*)/s, 2) as [string, string]));
  return new Response(rest.join('\r\n\r\n'), { status: Number(statusLine.split(' ')[1]), headers });
}
