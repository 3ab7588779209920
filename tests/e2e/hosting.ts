/**
 * The hosting tests' common part (tests/e2e/nginx.spec.ts against nginx, tests/e2e/cloudflare.spec.ts
 * against wrangler's workerd): what they send the way an attacker or a plain client would (raw paths),
 * and the checks every host passes.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { HOME_REDIRECT_TARGET, pageRoutes } from '../fixtures/routes';
import { parseRedirects } from '../cdn';
import { documentSchemas } from '../openapi';
import { sitemapRoutes } from './helpers';

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
const HOSTILE_PATHS = [
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

/**
 * The checks every host of the build passes, nginx (tests/e2e/nginx.spec.ts) and Cloudflare's workerd
 * (tests/e2e/cloudflare.spec.ts) alike: one list, run against each. What a host does on its own stays
 * in its spec.
 */
export const hostingChecks = {
  /** `/` answers 301 to the welcome guide. */
  async homeRedirect(request: APIRequestContext): Promise<void> {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(HOME_REDIRECT_TARGET);
  },

  /** An unknown page, sub-page or asset answers 404, with the not-found page. */
  async notFound(request: APIRequestContext): Promise<void> {
    for (const p of ['/no-such-page', '/guides/charges/nope', '/assets/js/nope.js']) {
      const response = await request.get(p, { maxRedirects: 0 });
      expect(response.status(), p).toBe(404);
    }
    expect(await (await request.get('/no-such-page')).text()).toContain('Page not found');
  },

  /** Every route answers 200 (HTML) without a trailing slash, and 301 to it with one. */
  async trailingSlash(request: APIRequestContext): Promise<void> {
    for (const route of pageRoutes) {
      const ok = await request.get(route, { maxRedirects: 0 });
      expect(ok.status(), route).toBe(200);
      expect(ok.headers()['content-type'], route).toContain('text/html');
      const slash = await request.get(`${route}/`, { maxRedirects: 0 });
      expect(slash.status(), `${route}/`).toBe(301);
      expect(slash.headers().location, `${route}/`).toBe(route);
    }
  },

  /** Every schema page no longer built answers 301 to the built page that names the schema, its twin to that page's twin. */
  async movedSchemaPages(request: APIRequestContext): Promise<void> {
    const built = new Set(sitemapRoutes());
    let moved = 0;
    for (const name of documentSchemas()) {
      const old = `/api/schemas/${name.toLowerCase().replace(/([a-z])(\d)/g, '$1-$2')}`;
      if (built.has(old)) continue;
      moved += 1;
      const response = await request.get(old, { maxRedirects: 0 });
      expect(response.status(), old).toBe(301);
      const to = response.headers().location;
      expect(built.has(to), `${old} -> ${to}`).toBe(true);
      expect(await (await request.get(to)).text(), `${to} names ${name}`).toMatch(new RegExp(`<code>${name}</code>|\\(${name}\\)`));
      const twin = await request.get(`${old}.md`, { maxRedirects: 0 });
      expect(twin.status(), `${old}.md`).toBe(301);
      expect(twin.headers().location).toBe(`${to}.md`);
    }
    expect(moved).toBeGreaterThan(100);
  },

  /** No hostile path redirects off the site: a redirect goes only to a target the build lists in `_redirects`. */
  async hostilePaths(origin: string): Promise<void> {
    const targets = new Set(parseRedirects(fs.readFileSync(path.resolve('build', '_redirects'), 'utf8')).map((r) => r.to));
    for (const rawPath of HOSTILE_PATHS) {
      const { status, headers } = await rawGet(origin, rawPath);
      if (status >= 300 && status < 400) {
        expect(targets.has(headers.location ?? ''), `${rawPath} -> ${status} ${headers.location}`).toBe(true);
      } else {
        expect(headers.location, rawPath).toBeUndefined();
        expect([400, 404], rawPath).toContain(status);
      }
    }
  },

  /** The CSP (hashes for inline scripts, no unsafe-inline or unsafe-eval, no Algolia) and the security set, on one answer. */
  securityHeaders(h: Record<string, string>, label: string): void {
    const csp = h['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect.soft(scriptSrc, `${label}: script-src`).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect.soft(scriptSrc, `${label}: script-src`).not.toMatch(/unsafe-(inline|eval)/);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) {
      expect.soft(csp, `${label}: CSP`).toContain(directive);
    }
    expect.soft(csp, `${label}: CSP`).not.toMatch(/algolia/);
    expect.soft(h['x-content-type-options'], label).toBe('nosniff');
    expect.soft(h['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
    expect.soft(h['permissions-policy'], label).toContain('camera=()');
    expect.soft(h['strict-transport-security'], label).toMatch(/max-age=\d+/);
    expect.soft(h['x-frame-options'], label).toBeTruthy();
  },
};
