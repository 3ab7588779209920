/**
 * The servers the tests and benchmarks start: a free loopback port for one, a wait until a child process
 * answers HTTP (nginx, the local sandbox, wrangler), a build folder served in this process (`serveBuild`:
 * the MCP tests, tools and benchmarks read the site through it), and `docusaurus serve` (the preview that
 * `npm run serve` gives, which the page benchmarks measure beside nginx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path, { resolve } from 'node:path';
import { fileOfRoute } from '../src/built/pages';

const ROOT = resolve(__dirname, '..');

/** The ports this process has handed out: the system may offer a port again once its probe has closed. */
const handedOut = new Set<number>();

/**
 * A port that nothing listens on right now, found by letting the system pick one, and never one this process
 * handed out before (two servers started at once would otherwise be given the same port, and one fail to bind).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
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

/** The types of the files a build holds, by extension (text is UTF-8). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** The file a request path names in `dir`, by the build's own file <-> route rule (src/built/pages.ts); none outside `dir`. */
function fileFor(dir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const route = path.posix.normalize(decoded);
  const inside = path.join(dir, route);
  if (inside !== dir && !inside.startsWith(dir + path.sep)) return undefined;
  return fileOfRoute(dir, route);
}

/**
 * Serves the build folder `dir` from this process on a free loopback port, as a static host does: a path
 * answers with its page (`/x` -> `x.html`), its folder's index or its file, with its type, an ETag and a
 * Last-Modified (a request that carries the ETag gets 304); any other path 404 with the build's not-found
 * page. GET and HEAD only. Returns its base URL and a stop function.
 */
export async function serveBuild(dir: string): Promise<{ base: string; stop: () => void }> {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = fileFor(root, new URL(req.url ?? '/', 'http://x').pathname);
    if (!file) {
      const notFound = path.join(root, '404.html');
      res.writeHead(404, { 'content-type': TYPES['.html'] });
      res.end(req.method === 'HEAD' || !fs.existsSync(notFound) ? undefined : fs.readFileSync(notFound));
      return;
    }
    const stat = fs.statSync(file);
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      etag,
      'last-modified': stat.mtime.toUTCString(),
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
    res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * Serves `dir` with `docusaurus serve` (this project's, the preview of `npm run serve`) on a free loopback port, once
 * `probePath` answers; returns its base URL and a stop function (also run when this process exits).
 */
export async function docusaurusServe(dir: string, probePath = '/'): Promise<{ base: string; stop: () => void }> {
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
