/**
 * Strict link and anchor check of the built HTML. The site config only warns
 * about broken links and anchors (SPEC.md section 2); this test fails on them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as cheerio from 'cheerio';
import { brand } from '../../src/brand';
import { assertBuilt, builtPages, fileForRoute } from './build-output';

/** A page as the checker sees it: the file it is built in, its anchors and the links on it. */
type Page = { file: string; ids: Set<string>; links: string[] };

function pageOf(file: string, html: string): Page {
  const $ = cheerio.load(html);
  const ids = new Set<string>();
  $('[id]').each((_, el) => void ids.add($(el).attr('id') ?? ''));
  $('a[name]').each((_, el) => void ids.add($(el).attr('name') ?? ''));
  const links: string[] = [];
  $('a[href]').each((_, el) => void links.push($(el).attr('href') ?? ''));
  return { file, ids, links };
}

/** Every page of build/, by route. */
function readPages(): Map<string, Page> {
  return new Map(builtPages().map(([route, file]) => [route, pageOf(file, fs.readFileSync(file, 'utf8'))]));
}

/** Resolves an href on a page to an internal URL, or undefined when it is external or not a page link. */
function internal(href: string, from: string): URL | undefined {
  if (/^(mailto:|tel:|javascript:|data:)/i.test(href)) return undefined;
  const base = new URL(from, brand.siteUrl);
  const url = new URL(href, base);
  if (url.origin !== new URL(brand.siteUrl).origin) return undefined;
  return url;
}

/**
 * The checker: every internal link of `pages` must reach a file (`fileFor`, the
 * server's route-to-file rule), and its fragment an id of the page built in that file.
 */
function checkLinks(pages: Map<string, Page>, fileFor: (route: string) => string | undefined): { checked: number; broken: string[] } {
  const byFile = new Map([...pages.values()].map((page) => [page.file, page]));
  const broken: string[] = [];
  let checked = 0;
  for (const [route, page] of pages) {
    for (const href of page.links) {
      const url = internal(href, route);
      if (!url) continue;
      checked += 1;
      const file = fileFor(decodeURIComponent(url.pathname));
      if (!file) {
        broken.push(`${route} -> ${href} (no page)`);
        continue;
      }
      const hash = decodeURIComponent(url.hash.slice(1));
      if (hash && file.endsWith('.html') && !byFile.get(file)?.ids.has(hash)) broken.push(`${route} -> ${href} (no anchor #${hash})`);
    }
  }
  return { checked, broken };
}

test('every internal link and anchor in the built HTML resolves', () => {
  assertBuilt();
  const { checked, broken } = checkLinks(readPages(), fileForRoute);
  assert.ok(checked > 500, `expected many internal links, checked ${checked}`);
  assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`);
});

test('the checker itself catches a broken link and a broken anchor (test of the test)', () => {
  const files: Record<string, string> = {
    '/guides/a': '/build/guides/a.html',
    '/guides/b': '/build/guides/b/index.html',
    '/v2.0.yaml': '/build/v2.0.yaml',
  };
  const pages = new Map([
    [
      '/guides/a',
      pageOf(
        files['/guides/a'],
        `<h1 id="top">A</h1>
        <a href="/guides/b#statuses">fine</a> <a href="b/#statuses">fine, relative with a slash</a> <a href="#top">fine, same page</a>
        <a href="/v2.0.yaml">fine, a file</a> <a href="${brand.siteUrl}/guides/b">fine, absolute</a>
        <a href="https://elsewhere.example/nope">external</a> <a href="mailto:x@example.com">mail</a>
        <a href="/guides/no-such-page">broken link</a> <a href="/guides/b#no-such-anchor">broken anchor</a>`,
      ),
    ],
    [
      '/guides/b',
      pageOf(
        files['/guides/b'],
        '<h1>B</h1><h2 id="statuses">Statuses</h2><a name="old"></a><a href="/guides/a#old">broken anchor: #old is on b</a>',
      ),
    ],
  ]);
  const { checked, broken } = checkLinks(pages, (route) => files[route.replace(/\/$/, '')]);
  assert.equal(checked, 8);
  assert.deepEqual(broken, [
    '/guides/a -> /guides/no-such-page (no page)',
    '/guides/a -> /guides/b#no-such-anchor (no anchor #no-such-anchor)',
    '/guides/b -> /guides/a#old (no anchor #old)',
  ]);
});
