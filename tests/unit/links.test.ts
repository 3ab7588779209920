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

type Page = { ids: Set<string>; links: string[] };

function readPages(): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const [route, file] of builtPages()) {
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    const ids = new Set<string>();
    $('[id]').each((_, el) => void ids.add($(el).attr('id') ?? ''));
    $('a[name]').each((_, el) => void ids.add($(el).attr('name') ?? ''));
    const links: string[] = [];
    $('a[href]').each((_, el) => void links.push($(el).attr('href') ?? ''));
    pages.set(route, { ids, links });
  }
  return pages;
}

/** Resolves an href on a page to an internal URL, or undefined when it is external or not a page link. */
function internal(href: string, from: string): URL | undefined {
  if (/^(mailto:|tel:|javascript:|data:)/i.test(href)) return undefined;
  const base = new URL(from, brand.siteUrl);
  const url = new URL(href, base);
  if (url.origin !== new URL(brand.siteUrl).origin) return undefined;
  return url;
}

test('every internal link and anchor in the built HTML resolves', () => {
  assertBuilt();
  const pages = readPages();
  const broken: string[] = [];
  let checked = 0;
  for (const [route, page] of pages) {
    for (const href of page.links) {
      const url = internal(href, route);
      if (!url) continue;
      checked += 1;
      const target = decodeURIComponent(url.pathname);
      const file = fileForRoute(target);
      if (!file) {
        broken.push(`${route} -> ${href} (no page)`);
        continue;
      }
      const hash = decodeURIComponent(url.hash.slice(1));
      if (hash && file.endsWith('.html')) {
        const targetRoute = target.replace(/\/$/, '') || '/';
        const targetPage = pages.get(targetRoute) ?? pages.get(targetRoute + '/index');
        if (!targetPage?.ids.has(hash)) broken.push(`${route} -> ${href} (no anchor #${hash})`);
      }
    }
  }
  assert.ok(checked > 500, `expected many internal links, checked ${checked}`);
  assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`);
});

test('the checker itself catches a broken link and a broken anchor', () => {
  assertBuilt();
  assert.equal(fileForRoute('/guides/no-such-page'), undefined);
  assert.ok(fileForRoute('/guides/charges'));
  const pages = readPages();
  assert.equal(pages.get('/guides/first-steps/api-key')?.ids.has('no-such-anchor'), false);
  assert.equal(pages.get('/guides/first-steps/api-key')?.ids.has('insufficient_balance'), true);
});
