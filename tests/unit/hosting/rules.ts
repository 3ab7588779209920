/**
 * What every host of the build does, nginx and Cloudflare's workerd alike, asked of each live with raw
 * requests: the home redirect, the not-found answer, every route with and without its trailing slash,
 * every moved schema page, every hostile path, and every rule of `_headers` on a path it matches. The
 * expected headers come from tests/cdn.ts (Cloudflare's documented reading of `_headers`), the routes
 * from tests/fixtures/routes.ts and the schemas from the document (tests/openapi.ts), never from deploy/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { HOME_REDIRECT_TARGET, pageRoutes } from '../../fixtures/routes';
import { headersFor, parseHeaders, parseRedirects } from '../../cdn';
import { documentSchemas } from '../../openapi';
import { filesUnder } from '../../../src/built/pages';
import { BUILD_DIR } from '../build-output';
import { HOSTS, hosts, inBatches, rawGet } from './hosts';

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

const built = (file: string) => fs.readFileSync(path.join(BUILD_DIR, file), 'utf8');
const sitemap = () => new Set([...built('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
const redirectTargets = () => new Set(parseRedirects(built('_redirects')).map((r) => r.to));

/** The problems found in one list of checks: none, or one line each. */
const none = (problems: Array<string | undefined>) => assert.deepEqual(problems.filter(Boolean), []);

for (const host of HOSTS) {
  test(`${host}: / answers 301 to the welcome guide`, async () => {
    const { status, headers } = await rawGet(hosts.origin(host), '/');
    assert.equal(status, 301);
    assert.equal(headers.location, HOME_REDIRECT_TARGET);
  });

  test(`${host}: an unknown page, sub-page or asset answers 404, with the not-found page`, async () => {
    for (const p of ['/no-such-page', '/guides/charges/nope', '/assets/js/nope.js'])
      assert.equal((await rawGet(hosts.origin(host), p)).status, 404, p);
    assert.match((await rawGet(hosts.origin(host), '/no-such-page')).body.toString(), /Page not found/);
  });

  test(`${host}: a missing twin answers 404 with the not-found page, typed as the HTML it is`, async () => {
    for (const p of ['/guides/charges/nope.md', '/nope.md']) {
      const { status, headers, body } = await rawGet(hosts.origin(host), p);
      assert.equal(status, 404, p);
      assert.match(String(headers['content-type']), /^text\/html/, p);
      assert.match(body.toString(), /Page not found/, p);
    }
  });

  test(`${host}: every route answers 200 with HTML without a trailing slash, and 301 to it with one`, async () => {
    const origin = hosts.origin(host);
    none(
      await inBatches(pageRoutes, 8, async (route) => {
        const ok = await rawGet(origin, route);
        const slash = await rawGet(origin, `${route}/`);
        if (ok.status !== 200 || !String(ok.headers['content-type']).includes('text/html'))
          return `${route}: ${ok.status} ${ok.headers['content-type']}`;
        if (slash.status !== 301 || slash.headers.location !== route) return `${route}/: ${slash.status} -> ${slash.headers.location}`;
        return undefined;
      }),
    );
  });

  test(`${host}: every schema page no longer built answers 301 to the page that names the schema now, its twin to that page's twin`, async () => {
    const origin = hosts.origin(host);
    const pages = sitemap();
    const moved = documentSchemas()
      .map((name) => ({ name, old: `/api/schemas/${name.toLowerCase().replace(/([a-z])(\d)/g, '$1-$2')}` }))
      .filter(({ old }) => !pages.has(old));
    assert.ok(moved.length > 100, `${moved.length} moved schema pages`);
    none(
      await inBatches(moved, 8, async ({ name, old }) => {
        const answer = await rawGet(origin, old);
        const to = String(answer.headers.location);
        if (answer.status !== 301 || !pages.has(to)) return `${old}: ${answer.status} -> ${to}`;
        if (!new RegExp(`<code>${name}</code>|\\(${name}\\)`).test((await rawGet(origin, to)).body.toString()))
          return `${to} does not name ${name}`;
        const twin = await rawGet(origin, `${old}.md`);
        return twin.status === 301 && twin.headers.location === `${to}.md`
          ? undefined
          : `${old}.md: ${twin.status} -> ${twin.headers.location}`;
      }),
    );
  });

  test(`${host}: no hostile path redirects off the site; a redirect goes only to a path the build lists in _redirects`, async () => {
    const targets = redirectTargets();
    const origin = hosts.origin(host);
    none(
      await Promise.all(
        HOSTILE_PATHS.map(async (rawPath) => {
          const { status, headers } = await rawGet(origin, rawPath);
          if (status >= 300 && status < 400)
            return targets.has(String(headers.location)) ? undefined : `${rawPath} -> ${status} ${headers.location}`;
          return headers.location === undefined && [400, 404].includes(status)
            ? undefined
            : `${rawPath}: ${status} ${headers.location ?? ''}`;
        }),
      ),
    );
  });

  test(`${host}: each rule of _headers sets its headers on a path it matches`, async () => {
    const rules = parseHeaders(built('_headers'));
    const redirected = new Set(parseRedirects(built('_redirects')).map((r) => r.from));
    const files = filesUnder(BUILD_DIR).map((file) => `/${path.relative(BUILD_DIR, file).split(path.sep).join('/')}`);
    // The paths the host serves as they are: each page (its URL without .html) and file, but the redirected and the CDN's own.
    const servable = [...new Set(files.map((f) => f.replace(/(\/index)?\.html$/, '') || '/'))].filter(
      (p) => !redirected.has(p) && !p.startsWith('/_') && p !== '/404',
    );
    assert.ok(rules.length > 5, `${rules.length} rules`);
    none(
      await Promise.all(
        rules.map(async (rule) => {
          // A path the rule matches: a page or file, else a redirected path (`/`), whose answer is the redirect.
          const matches = (p: string) => headersFor([rule], p).size > 0;
          const sample = servable.find(matches) ?? [...redirected].find(matches);
          if (!sample) return `${rule.pattern}: no path of the build matches it`;
          const answer = await rawGet(hosts.origin(host), sample);
          const status = redirected.has(sample) ? 301 : 200;
          const wrong = [...headersFor(rules, sample)]
            .filter(([name]) => rule.set.some(([set]) => set === name))
            .filter(([name, value]) => answer.headers[name] !== value)
            .map(([name, value]) => `${name}: ${JSON.stringify(answer.headers[name])}, expected ${JSON.stringify(value)}`);
          return answer.status === status && wrong.length === 0
            ? undefined
            : `${rule.pattern} (${sample}, ${answer.status}): ${wrong.join('; ')}`;
        }),
      ),
    );
  });

  test(`${host}: the CSP (hashes for inline scripts, no unsafe-inline or unsafe-eval, no Algolia) and the security set, on a page and an asset`, async () => {
    for (const url of ['/guides/charges', '/img/logo.svg']) {
      const h = (await rawGet(hosts.origin(host), url)).headers;
      const csp = String(h['content-security-policy'] ?? '');
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      assert.match(scriptSrc, /'sha256-[A-Za-z0-9+/=]+'/, url);
      assert.doesNotMatch(scriptSrc, /unsafe-(inline|eval)/, url);
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"])
        assert.ok(csp.includes(directive), `${url}: ${directive}`);
      assert.doesNotMatch(csp, /algolia/, url);
      assert.equal(h['x-content-type-options'], 'nosniff', url);
      assert.equal(h['referrer-policy'], 'strict-origin-when-cross-origin', url);
      assert.match(String(h['permissions-policy']), /camera=\(\)/, url);
      assert.match(String(h['strict-transport-security']), /max-age=\d+/, url);
      assert.ok(h['x-frame-options'], url);
    }
  });
}
