/** Hosting rules (deploy/): one source, rendered as nginx configuration and as CDN files. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { contentSecurityPolicy, inlineScriptHashes, searchOrigins, securityHeaders, twinPaths } from '../../deploy/rules';
import { prepareNginxRoot } from '../../deploy/precompress';
import { renderHeadersFile, renderNginx, renderRedirectsFile } from '../../deploy/render';
import { brand } from '../../src/brand';
import { builtPages, filesUnder } from '../../src/built/pages';
import { assertBuilt, BUILD_DIR } from './build-output';
import { headersFor, isDynamic, parseHeaders, parseRedirects } from '../cdn';
import { builtRoutes } from '../../deploy/rules';

/** The sha256 CSP source of a script's text. */
const sha256Source = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP sources of the inline scripts a browser runs on the built pages, read
 * here with an HTML parser: every <script> without src whose type is absent or
 * JavaScript (JSON-LD and other data blocks do not run).
 */
function builtInlineScriptSources(): string[] {
  const sources = new Set<string>();
  for (const { file } of builtPages(BUILD_DIR)) {
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    $('script:not([src])').each((_, el) => {
      const type = ($(el).attr('type') ?? '').trim().toLowerCase();
      if (type === '' || type === 'module' || type === 'text/javascript' || type === 'application/javascript')
        sources.add(sha256Source($(el).text()));
    });
  }
  return [...sources].sort();
}

function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-build-'));
  fs.mkdirSync(path.join(dir, 'guides'));
  fs.writeFileSync(
    path.join(dir, 'guides', 'charges.html'),
    '<script>init()</script><script type="application/ld+json">{"a":1}</script><script src="/assets/js/main.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'index.html'), '<p>home</p>');
  fs.writeFileSync(path.join(dir, '404.html'), '<p>not found</p>');
  return dir;
}

test('the CSP hashes the inline scripts that run, and nothing else', () => {
  const dir = fakeBuild();
  const expected = `'sha256-${crypto.createHash('sha256').update('init()').digest('base64')}'`;
  assert.deepEqual(inlineScriptHashes(dir), [expected]);
  const csp = contentSecurityPolicy([expected], []);
  assert.match(csp, new RegExp(`script-src 'self' ${expected.replace(/[+/=]/g, '\\$&')}`));
  assert.doesNotMatch(csp, /unsafe-eval/);
  assert.doesNotMatch(/script-src [^;]+/.exec(csp)?.[0] ?? '', /unsafe-inline/);
});

test('hosted search origins are allowed to connect only when hosted search is configured', () => {
  assert.deepEqual(searchOrigins({}), []);
  const origins = searchOrigins({ DOCSEARCH_APP_ID: 'ABC', DOCSEARCH_API_KEY: 'k', DOCSEARCH_INDEX_NAME: 'i' });
  assert.ok(origins.includes('https://abc-dsn.algolia.net'));
  assert.ok(origins.every((o) => /^https:\/\/abc-[\w]+\.algolia(net)?\.(net|com)$/.test(o)));
  const csp = securityHeaders(fakeBuild(), { DOCSEARCH_APP_ID: 'ABC', DOCSEARCH_API_KEY: 'k', DOCSEARCH_INDEX_NAME: 'i' })[
    'Content-Security-Policy'
  ];
  assert.match(csp, /connect-src 'self' [^;]*https:\/\/abc-dsn\.algolia\.net/);
});

test('connect-src allows the site and the local sandbox origin, nothing wider: no server of the product', () => {
  const csp = contentSecurityPolicy([], []);
  const connect = /connect-src ([^;]+)/.exec(csp)?.[1].split(' ') ?? [];
  assert.deepEqual(connect, ["'self'", new URL(brand.localSandboxApiUrl).origin]);
  for (const url of [brand.sandboxApiUrl, brand.productionApiUrl]) assert.ok(!connect.includes(new URL(url).origin), url);
  assert.ok(connect.includes('http://127.0.0.1:4010'), 'the local sandbox origin, port included');
  for (const source of connect) {
    assert.ok(!source.includes('*') && !/^[a-z]+:$/.test(source), `${source}: no wildcard, no bare scheme`);
    if (source !== "'self'") assert.equal(new URL(source).origin, source, `${source} is one origin`);
  }
});

test('CDN files: / redirects, trailing slashes redirect, assets are immutable, pages revalidate', () => {
  const dir = fakeBuild();
  const redirects = renderRedirectsFile(dir);
  assert.match(redirects, /^\/ \/guides\/first-steps\/welcome 301$/m);
  assert.match(redirects, /^\/guides\/charges\/ \/guides\/charges 301$/m);
  const headers = renderHeadersFile(dir, {});
  assert.match(headers, /^\/\*\n( {2}[\w-]+: .+\n)* {2}Content-Security-Policy: /m);
  assert.match(headers, /^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  assert.match(headers, /^\/guides\/\*\n {2}Cache-Control: no-cache$/m, 'a folder of pages is one rule');
  const rules = parseHeaders(headers);
  assert.equal(headersFor(rules, '/guides/charges').get('cache-control'), 'no-cache');
  assert.equal(headersFor(rules, '/assets/js/main.js').get('cache-control'), 'public, max-age=31536000, immutable');
});

test('the nginx configuration carries the same rules', () => {
  const conf = renderNginx({ root: fakeBuild(), listen: '127.0.0.1:8080', prefix: '/tmp/x', env: {} });
  assert.match(conf, /location = \/ \{[\s\S]*?return 301 \/guides\/first-steps\/welcome;/);
  assert.match(conf, /location \^~ \/assets\/ \{[\s\S]*?Cache-Control "public, max-age=31536000, immutable" always;/);
  assert.match(conf, /^\s*\/guides\/charges\/ \/guides\/charges;$/m, 'the trailing-slash form of a built page is in the redirect map');
  assert.match(conf, /error_page 404 \/404\.html;/);
  assert.match(conf, /gzip on;/);
});

test('the real build gets its CDN files with the CSP of its own inline scripts, and no other hash', () => {
  assertBuilt();
  const expected = builtInlineScriptSources();
  assert.ok(expected.length > 0, 'the build has inline scripts');
  const headers = fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8');
  const csp = /^\s+Content-Security-Policy: (.+)$/m.exec(headers)?.[1] ?? '';
  const scriptSrc = /(?:^|; )script-src ([^;]+)/.exec(csp)?.[1].split(' ') ?? [];
  assert.deepEqual(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort(), expected);
  assert.match(fs.readFileSync(path.join(BUILD_DIR, '_redirects'), 'utf8'), /^\/ \/guides\/first-steps\/welcome 301$/m);
});

test('the hosting rules give the Markdown headers to every twin the build wrote, and to no page without one', () => {
  assertBuilt();
  const written = filesUnder(BUILD_DIR, (name) => name.endsWith('.md')).map(
    (file) => `/${path.relative(BUILD_DIR, file).split(path.sep).join('/')}`,
  );
  assert.ok(written.length > 100, `${written.length} twins in the build`);
  assert.deepEqual(twinPaths(BUILD_DIR).sort(), written.sort());
});

test('no part of a request reaches a Location: every redirect nginx sends is a fixed path or a map of fixed paths', () => {
  const conf = renderNginx({ root: fakeBuild(), listen: '127.0.0.1:8080', prefix: '/tmp/x', env: {} });
  assert.doesNotMatch(conf, /\brewrite\b/, 'no rewrite (a rewrite to a captured part echoes the request)');
  const returns = [...conf.matchAll(/\breturn (30[12378]) ([^;]+);/g)].map((m) => m[2]);
  assert.ok(returns.length >= 2);
  for (const target of returns) assert.match(target, /^(\/[\w./-]*|\$redirect_to)$/, `return ${target}`);
  // The map's values are the paths of deploy/rules.ts, none built from the key.
  const map = /map \$uri \$redirect_to \{([^}]*)\}/.exec(conf)?.[1] ?? '';
  for (const [, value] of map.matchAll(/^\s*\S+ (\S+);$/gm)) assert.match(value, /^\/[\w./-]*$|^""$/, value);
});

test('nginx holds: a worker per core, a cap per client, short header and body timeouts, the security headers at server level', () => {
  const conf = renderNginx({ root: fakeBuild(), listen: '127.0.0.1:8080', prefix: '/tmp/x', env: {} });
  assert.match(conf, /^worker_processes auto;$/m);
  assert.ok(Number(/worker_connections (\d+);/.exec(conf)?.[1]) >= 1024, 'room for many connections per worker');
  assert.match(conf, /limit_conn_zone \$binary_remote_addr zone=per_client:\w+;/);
  assert.match(conf, /limit_conn per_client \d+;/);
  for (const directive of ['client_header_timeout', 'client_body_timeout']) {
    const seconds = Number(new RegExp(`${directive} (\\d+)s;`).exec(conf)?.[1]);
    assert.ok(seconds > 0 && seconds <= 15, `${directive} ${seconds}s`);
  }
  const server = /\n {2}server \{\n([\s\S]*?)\n {4}location /.exec(conf)?.[1] ?? '';
  assert.match(server, /add_header Content-Security-Policy "[^"]+" always;/, "nginx's own 400 and 414 carry the CSP");
});

test('nginx reads the configuration of the real build without a warning (nginx -t)', (t) => {
  assertBuilt();
  const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (!fs.existsSync(nginx)) return t.skip(`${nginx} is not installed`);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-nginx-'));
  try {
    const conf = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(conf, renderNginx({ root: BUILD_DIR, listen: '127.0.0.1:1', prefix }));
    const checked = spawnSync(nginx, ['-t', '-q', '-c', conf, '-p', prefix], { encoding: 'utf8' });
    assert.equal(checked.status, 0, checked.stderr);
    assert.equal(checked.stderr.trim(), '', 'no warning (the map_hash one among them)');
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
});

test("nginx's folder: the build's files and a .gz beside each text file, compressed once; the build keeps none", async () => {
  const build = fakeBuild();
  fs.mkdirSync(path.join(build, 'assets', 'js'), { recursive: true });
  const js = 'console.log("x");\n'.repeat(200);
  fs.writeFileSync(path.join(build, 'assets', 'js', 'main.js'), js);
  fs.writeFileSync(path.join(build, 'assets', 'js', 'tiny.js'), 'x()');
  fs.writeFileSync(path.join(build, 'logo.png'), crypto.randomBytes(4096));
  fs.writeFileSync(path.join(build, '_headers'), '/*\n  X-A: b\n');
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-root-')), 'www');
  const { compressed } = await prepareNginxRoot(build, root);
  assert.equal(zlib.gunzipSync(fs.readFileSync(path.join(root, 'assets/js/main.js.gz'))).toString(), js);
  assert.equal(fs.readFileSync(path.join(root, 'assets/js/main.js'), 'utf8'), js, 'the file itself is there too');
  assert.ok(!fs.existsSync(path.join(root, 'assets/js/tiny.js.gz')), 'a file under 256 bytes is not worth a .gz');
  assert.ok(!fs.existsSync(path.join(root, 'logo.png.gz')), 'images are compressed already');
  assert.ok(fs.existsSync(path.join(root, 'logo.png')));
  assert.ok(!fs.existsSync(path.join(root, '_headers')), 'the CDN files stay out of what nginx serves');
  assert.equal(compressed, 1);
  assert.deepEqual(
    filesUnder(build, (name) => name.endsWith('.gz')),
    [],
    'the build, which CDN hosts upload whole, gets no .gz',
  );
  // Made again over itself; never over a folder it did not make, nor inside the build.
  await prepareNginxRoot(build, root);
  const foreign = fs.mkdtempSync(path.join(os.tmpdir(), 'foreign-'));
  fs.writeFileSync(path.join(foreign, 'keep.txt'), 'mine');
  await assert.rejects(prepareNginxRoot(build, foreign), /did not write/);
  await assert.rejects(prepareNginxRoot(build, path.join(build, 'nginx')), /outside the build/);
  assert.equal(fs.readFileSync(path.join(foreign, 'keep.txt'), 'utf8'), 'mine');
});

test('the real build, which Cloudflare Pages and Netlify publish whole, holds no precompressed file of its own', () => {
  assertBuilt();
  assert.deepEqual(
    filesUnder(BUILD_DIR, (name) => /\.(gz|br)$/.test(name)),
    [],
  );
});

test('nginx sends the .gz files as they are (gzip_static), and compresses on the fly only what has none', () => {
  const conf = renderNginx({ root: fakeBuild(), listen: '127.0.0.1:8080', prefix: '/tmp/x', env: {} });
  assert.match(conf, /^\s*gzip_static on;$/m);
});

test("the CDN files of the real build stay within Cloudflare Pages' limits, so that no rule is skipped", () => {
  assertBuilt();
  const headersText = fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8');
  const rules = parseHeaders(headersText);
  assert.ok(rules.length <= 100, `_headers has ${rules.length} rules; Cloudflare applies the first 100`);
  for (const line of headersText.split('\n'))
    assert.ok(line.length <= 2000, `a _headers line of ${line.length} characters: ${line.slice(0, 80)}`);
  const redirectsText = fs.readFileSync(path.join(BUILD_DIR, '_redirects'), 'utf8');
  const redirects = parseRedirects(redirectsText);
  const dynamic = redirects.filter((r) => isDynamic(r.from));
  assert.ok(redirects.length - dynamic.length <= 2000, `${redirects.length - dynamic.length} static redirects`);
  assert.ok(dynamic.length <= 100, `${dynamic.length} dynamic redirects`);
  for (const line of redirectsText.split('\n')) assert.ok(line.length <= 1000, `a _redirects line of ${line.length} characters`);
});

test('as Cloudflare merges the matching rules, every path of the build gets one Cache-Control, the right one, and the security headers', () => {
  assertBuilt();
  const rules = parseHeaders(fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));
  const problems: string[] = [];
  const expect = (p: string, name: string, value: string | undefined) => {
    const got = headersFor(rules, p).get(name);
    if (got !== value) problems.push(`${p}: ${name} ${JSON.stringify(got)}, expected ${JSON.stringify(value)}`);
  };
  const files = filesUnder(BUILD_DIR).map((file) => `/${path.relative(BUILD_DIR, file).split(path.sep).join('/')}`);
  for (const route of builtRoutes(BUILD_DIR)) {
    expect(route, 'cache-control', 'no-cache');
    expect(route, 'x-frame-options', 'DENY');
    if (!headersFor(rules, route).get('content-security-policy')?.startsWith("default-src 'self'")) problems.push(`${route}: no CSP`);
  }
  for (const file of files) {
    if (file.startsWith('/assets/')) expect(file, 'cache-control', 'public, max-age=31536000, immutable');
    if (file.endsWith('.md')) {
      // Typed by Cloudflare's asset server itself (tests/unit/hosting/cloudflare.ts): no rule types a path as Markdown.
      expect(file, 'content-type', undefined);
      expect(file, 'cache-control', 'no-cache');
    }
    const csp = headersFor(rules, file).get('content-security-policy') ?? '';
    if (csp.includes(', ') && /default-src[^;]*default-src/.test(csp)) problems.push(`${file}: two CSPs merged`);
    expect(file, 'x-content-type-options', 'nosniff');
  }
  assert.ok(files.some((f) => f.startsWith('/assets/js/main.')));
  assert.deepEqual(problems.slice(0, 20), [], `${problems.length} problems`);
});
