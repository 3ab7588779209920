/**
 * What the hosting tests send to a server the way an attacker or a plain client would: raw paths
 * (tests/e2e/nginx.spec.ts against nginx, tests/e2e/cloudflare.spec.ts against wrangler's workerd).
 */
import http from 'node:http';

/**
 * One GET of `rawPath` exactly as written (node:http sends the path as given: no URL parser turns `\`
 * into `/` or resolves dots first, as fetch and Playwright's request would), on a connection of its own.
 */
export function rawGet(
  origin: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Paths an attacker would try to bend a redirect off the site with (backslashes read as slashes, doubled slashes, encodings). */
export const HOSTILE_PATHS = [
  '/%5cevil.example/',
  '/\\evil.example/',
  '/%5c%5cevil.example/',
  '/%2f%5cevil.example/',
  '/%5c/evil.example/',
  '/\\/evil.example/',
  '//evil.example/',
  '///evil.example/',
  '/%2f%2fevil.example/',
  '/%2F%2Fevil.example/',
  '/%09/evil.example/',
  '/%5c%09evil.example/',
  '/https:%2f%2fevil.example/',
  '/https://evil.example/',
  '/guides/charges/%2f%2fevil.example/',
  '/guides/charges/..%5c..%5cevil.example/',
  '/%5cevil.example/guides/charges/',
  '/%E3%80%82evil.example/',
  '/%00evil.example/',
  '/.evil.example/',
  '/evil.example%23/',
];
