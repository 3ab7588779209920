/**
 * Strict link and anchor check of the built HTML. The site config only warns
 * about broken links and anchors; this test fails on them.
 *
 * A link is followed the way the site's two servers answer it (nginx with the
 * configuration of deploy/render.ts, and `docusaurus serve` of @docusaurus/core
 * 3.10 on serve-handler 6.1), written out below from their rules, not
 * through the product's own route-to-file rule (src/built/pages.ts): a wrong
 * product rule cannot vouch for itself here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { brand } from '../../src/brand';
import { fileOfRoute, filesUnder } from '../../src/built/pages';
import { renderNginx } from '../../deploy/render';
import { movedSchemaPages } from '../../deploy/rules';
import { assertBuilt, BUILD_DIR } from './build-output';

/** What a server answers to a GET of a path: a file, a redirect, or 404. */
type Answer = { file: string } | { redirect: string } | { notFound: true };

/** The first of `candidates` (URL paths) that is a file under `dir`; folders never count. */
function firstFile(dir: string, candidates: string[]): Answer {
  for (const candidate of candidates) {
    const file = path.join(dir, candidate);
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return { file };
  }
  return { notFound: true };
}

/**
 * nginx with the server block deploy/render.ts writes (its lines are checked by
 * the test "the nginx rules written out here are the ones deploy/render.ts renders"):
 *   (server)              a dotfile or a .gz path: return 404;   (and methods other than GET and HEAD: 405)
 *   location = /          return 301 <the welcome guide>;
 *   location ^~ /assets/  try_files $uri =404;
 *   location = /404.html  internal;            (404 to a request from outside)
 *   location = /404       return 404;
 *   location /            if ($redirect_to) { return 301 $redirect_to; }   (the schema pages that moved,
 *                                                  and each built page's trailing-slash form)
 *                         try_files $uri$twin_suffix $uri $uri.html $uri/index.html =404;
 * `$twin_suffix` is empty for a browser (it asks for HTML, not text/markdown), and
 * try_files takes only files for entries without a trailing slash.
 */
const movedTo = new Map(movedSchemaPages().map(({ from, to }) => [from, to]));

/** The pages of a build folder by their URL path (the not-found page excepted), from its HTML files. */
const pagesOf = new Map<string, Set<string>>();
function pagePaths(dir: string): Set<string> {
  const known = pagesOf.get(dir);
  if (known) return known;
  const pages = new Set<string>();
  pagesOf.set(dir, pages);
  for (const file of filesUnder(dir, (name) => name.endsWith('.html'))) {
    const rel = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    if (rel === '/404.html') continue;
    pages.add(rel.replace(/(\/index)?\.html$/, '') || '/');
  }
  return pages;
}

function viaNginx(dir: string, pathname: string): Answer {
  if (/(^|\/)\.|\.gz$/.test(pathname)) return { notFound: true };
  if (pathname === '/') return { redirect: brand.homeRoute };
  if (pathname.startsWith('/assets/')) return firstFile(dir, [pathname]);
  if (pathname === '/404.html' || pathname === '/404') return { notFound: true };
  const moved = movedTo.get(pathname);
  if (moved) return { redirect: moved };
  const slashed = /^(.+)\/$/.exec(pathname);
  if (slashed) return pagePaths(dir).has(slashed[1]) ? { redirect: slashed[1] } : { notFound: true };
  return firstFile(dir, [pathname, `${pathname}.html`, `${pathname}/index.html`]);
}

/**
 * `docusaurus serve` (npm run serve, and the server of the browser tests):
 * @docusaurus/core's lib/commands/serve.js hands each request to
 * serve-handler with `cleanUrls: true`, `trailingSlash: false` (the site
 * config's) and no directory listing. serve-handler (src/index.js) first
 * redirects a path ending in `.html` or `/index` to the path without it, and one
 * ending in `/` to the path without the slash; it then sends a path with an
 * extension as that file, else tries <path>/index.html, then <path>.html, then
 * the path itself as a file.
 */
function viaDocusaurusServe(dir: string, pathname: string): Answer {
  const clean = pathname.replace(/(\.html|\/index)$/, '');
  if (clean !== pathname) return { redirect: clean || '/' };
  if (pathname !== '/' && pathname.endsWith('/')) return { redirect: pathname.slice(0, -1) };
  const related = pathname === '/' ? ['/index.html'] : [`${pathname}/index.html`, `${pathname}.html`];
  return firstFile(dir, [...(path.extname(pathname) ? [pathname] : []), ...related, pathname]);
}

/** Where a page's `<meta http-equiv="refresh">` sends a browser, by the page's file. */
type Refreshes = (file: string) => string | undefined;

/** The file a server ends on for a path, following its redirects and meta refreshes as a browser does. */
function landing(server: typeof viaNginx, dir: string, pathname: string, refreshOf: Refreshes): string | undefined {
  let at = pathname;
  for (let hops = 0; hops < 5; hops += 1) {
    const answer = server(dir, at);
    if ('notFound' in answer) return undefined;
    if ('redirect' in answer) {
      at = answer.redirect;
      continue;
    }
    const refresh = refreshOf(answer.file);
    if (refresh === undefined) return answer.file;
    at = new URL(refresh, `${brand.siteUrl}${at}`).pathname;
  }
  return undefined;
}

/** What a link to `pathname` reaches on both servers: one file, or what is wrong. */
type Served = { file: string } | { problem: string };

function served(dir: string, pathname: string, refreshOf: Refreshes): Served {
  const nginx = landing(viaNginx, dir, pathname, refreshOf);
  const serve = landing(viaDocusaurusServe, dir, pathname, refreshOf);
  const name = (file: string) => path.relative(dir, file);
  if (nginx && nginx === serve) return { file: nginx };
  if (!nginx && !serve) return { problem: 'no page' };
  if (!nginx) return { problem: `no page under nginx; docusaurus serve sends ${name(serve as string)}` };
  if (!serve) return { problem: `no page under docusaurus serve; nginx sends ${name(nginx)}` };
  return { problem: `nginx sends ${name(nginx)}, docusaurus serve ${name(serve)}` };
}

/** A page as the checker sees it: its file, its URL path (from its canonical link), its meta refresh, its anchors and its links. */
type Page = { file: string; url: string; refresh?: string; ids: Set<string>; links: string[] };

function pageOf(file: string, html: string): Page {
  const $ = cheerio.load(html);
  const canonical = $('link[rel="canonical"]').attr('href');
  if (!canonical) throw new Error(`${file} has no canonical link`);
  const ids = new Set<string>();
  $('[id]').each((_, el) => void ids.add($(el).attr('id') ?? ''));
  $('a[name]').each((_, el) => void ids.add($(el).attr('name') ?? ''));
  const links: string[] = [];
  $('a[href]').each((_, el) => void links.push($(el).attr('href') ?? ''));
  const refresh = /url=(.+)$/i.exec($('meta[http-equiv="refresh" i]').attr('content') ?? '')?.[1]?.trim();
  return { file, url: new URL(canonical, brand.siteUrl).pathname, refresh, ids, links };
}

/** Every HTML page of a build folder. */
function readPages(dir: string): Page[] {
  return filesUnder(dir, (name) => name.endsWith('.html')).map((file) => pageOf(file, fs.readFileSync(file, 'utf8')));
}

/** Resolves an href on a page to an internal URL, or undefined when it is external or not a page link. */
function internal(href: string, from: string): URL | undefined {
  if (/^(mailto:|tel:|javascript:|data:)/i.test(href)) return undefined;
  const url = new URL(href, new URL(from, brand.siteUrl));
  if (url.origin !== new URL(brand.siteUrl).origin) return undefined;
  return url;
}

/**
 * The checker: every internal link of the pages of `dir` must reach the same
 * page on both servers, and its fragment must be an id of that page. Every page
 * but a meta-refresh stub (it names its target as canonical) and the not-found
 * page must be served at its own canonical URL.
 */
function checkLinks(dir: string): { checked: number; broken: string[] } {
  const pages = readPages(dir);
  const byFile = new Map(pages.map((page) => [page.file, page]));
  const answers = new Map<string, Served>();
  const refreshOf = (file: string) => byFile.get(file)?.refresh;
  const servedAt = (pathname: string): Served => {
    let answer = answers.get(pathname);
    if (!answer) answers.set(pathname, (answer = served(dir, pathname, refreshOf)));
    return answer;
  };
  const broken: string[] = [];
  let checked = 0;
  for (const page of pages) {
    const name = path.relative(dir, page.file);
    // Not the not-found page: both servers send it for any unknown path, and nginx keeps its own URL internal.
    if (name !== '404.html' && page.refresh === undefined) {
      const at = servedAt(page.url);
      if (!('file' in at)) broken.push(`${name} is not served at its URL ${page.url} (${at.problem})`);
      else if (at.file !== page.file) broken.push(`${name} is not served at its URL ${page.url} (${path.relative(dir, at.file)} is)`);
    }
    for (const href of page.links) {
      const url = internal(href, page.url);
      if (!url) continue;
      checked += 1;
      // A fragment alone stays in the document (the not-found page is shown at any unknown URL), and so does the
      // not-found page's own link to /404 (its language menu): nginx answers it 404 with that same page.
      const self = href.startsWith('#') || (name === '404.html' && url.pathname === '/404');
      const target = self ? { file: page.file } : servedAt(decodeURIComponent(url.pathname));
      if ('problem' in target) {
        broken.push(`${page.url} -> ${href} (${target.problem})`);
        continue;
      }
      const hash = decodeURIComponent(url.hash.slice(1));
      if (hash && target.file.endsWith('.html') && !byFile.get(target.file)?.ids.has(hash)) {
        broken.push(`${page.url} -> ${href} (no anchor #${hash})`);
      }
    }
  }
  return { checked, broken };
}

test('every internal link and anchor in the built HTML resolves on both servers, and every page at its URL', () => {
  assertBuilt();
  const { checked, broken } = checkLinks(BUILD_DIR);
  assert.ok(checked > 500, `expected many internal links, checked ${checked}`);
  assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`);
});

test('the nginx rules written out here are the ones deploy/render.ts renders', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'links-nginx-'));
  try {
    const conf = renderNginx({ root: empty, listen: '127.0.0.1:1', prefix: empty });
    const block = (location: string) =>
      new RegExp(`location ${location} \\{((?:[^{}]|\\{[^{}]*\\})*)\\}`).exec(conf)?.[1] ?? `no "location ${location}"`;
    assert.match(block('= /'), new RegExp(`return 301 ${brand.homeRoute};`));
    assert.match(block('\\^~ /assets/'), /try_files \$uri =404;/);
    assert.match(block('= /404\\.html'), /internal;/);
    assert.match(block('= /404'), /return 404;/);
    assert.match(conf, /if \(\$uri ~ "\(\^\|\/\)\\\.\|\\\.gz\$"\) \{\s*return 404;\s*\}/);
    const root = block('/');
    assert.doesNotMatch(root, /rewrite/);
    assert.match(root, /try_files \$uri\$twin_suffix \$uri \$uri\.html \$uri\/index\.html =404;/);
    assert.match(root, /if \(\$redirect_to\) \{\s*return 301 \$redirect_to;\s*\}/);
    const map = /map \$uri \$redirect_to \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    const mapped = new Map([...map.matchAll(/^\s*(\/\S+) (\/\S+);$/gm)].map((m) => [m[1], m[2]]));
    // An empty build folder has no page, so no trailing-slash form: the moved schema pages only.
    assert.deepEqual(mapped, movedTo);
    assert.equal(conf.match(/location /g)?.length, 5, 'five locations, each written out in viaNginx');
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

/**
 * A crafted build folder: the broken link and anchors any checker must catch, and
 * three links a server reads otherwise than the product's rule (src/built/pages.ts):
 * /x.html with only x/index.html (nginx answers 404, `docusaurus serve` redirects
 * to /x), /y with both y.html and y/index.html (each server sends another file),
 * and /assets/usdt, a page in the hashed-assets folder, where nginx sends files
 * only (404) while the product's rule finds assets/usdt.html.
 */
test('the checker catches broken links and anchors, and routes the product rule gets wrong (test of the test)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
  const page = (url: string, body: string) =>
    `<html><head><link rel="canonical" href="${brand.siteUrl}${url}"></head><body>${body}</body></html>`;
  const files: Record<string, string> = {
    'index.html': `<html><head><meta http-equiv="refresh" content="0; url=${brand.homeRoute}"><link rel="canonical" href="${brand.siteUrl}${brand.homeRoute}"></head></html>`,
    [`${brand.homeRoute.slice(1)}.html`]: page(brand.homeRoute, '<h1 id="welcome">Welcome</h1>'),
    'guides/a.html': page(
      '/guides/a',
      `<h1 id="top">A</h1>
      <a href="/guides/b#statuses">fine</a> <a href="b/#statuses">fine, relative with a slash</a> <a href="#top">fine, same page</a>
      <a href="/v2.0.yaml">fine, a file</a> <a href="${brand.siteUrl}/guides/b">fine, absolute</a> <a href="/">fine, the home redirect</a>
      <a href="https://elsewhere.example/nope">external</a> <a href="mailto:x@example.com">mail</a>
      <a href="/guides/no-such-page">broken link</a> <a href="/guides/b#no-such-anchor">broken anchor</a>
      <a href="/x.html">only x/index.html exists</a> <a href="/y">both y.html and y/index.html exist</a>
      <a href="/assets/usdt">a page under the hashed-assets folder</a>`,
    ),
    'guides/b.html': page(
      '/guides/b',
      '<h1>B</h1><h2 id="statuses">Statuses</h2><a name="old"></a><a href="/guides/a#old">broken anchor: #old is on b</a>',
    ),
    'v2.0.yaml': 'openapi: 3.1.0',
    'x/index.html': page('/x', '<h1>X</h1>'),
    'y.html': page('/y', '<h1>Y</h1>'),
    'y/index.html': page('/y', '<h1>Another Y</h1>'),
    'assets/usdt.html': page('/assets/usdt', '<h1>USDT</h1>'),
  };
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const { checked, broken } = checkLinks(dir);
    assert.equal(checked, 12, 'the links of a and b but the external one and the mail address');
    assert.deepEqual(broken.sort(), [
      '/guides/a -> /assets/usdt (no page under nginx; docusaurus serve sends assets/usdt.html)',
      '/guides/a -> /guides/b#no-such-anchor (no anchor #no-such-anchor)',
      '/guides/a -> /guides/no-such-page (no page)',
      '/guides/a -> /x.html (no page under nginx; docusaurus serve sends x/index.html)',
      '/guides/a -> /y (nginx sends y.html, docusaurus serve y/index.html)',
      '/guides/b -> /guides/a#old (no anchor #old)',
      'assets/usdt.html is not served at its URL /assets/usdt (no page under nginx; docusaurus serve sends assets/usdt.html)',
      'y.html is not served at its URL /y (nginx sends y.html, docusaurus serve y/index.html)',
      'y/index.html is not served at its URL /y (nginx sends y.html, docusaurus serve y/index.html)',
    ]);
    // The product's route-to-file rule finds a page for both of these; a check built on it passed them.
    assert.equal(fileOfRoute(dir, '/assets/usdt'), path.join(dir, 'assets/usdt.html'));
    assert.equal(fileOfRoute(dir, '/y'), path.join(dir, 'y.html'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
