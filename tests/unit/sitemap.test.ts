/** The site is indexable: no noindex anywhere, a robots.txt that allows crawling, and a sitemap of every route. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { brand } from '../../src/brand';
import { contentRoutes } from '../fixtures/routes';
import { builtPages } from '../../src/built/pages';
import { assertBuilt, BUILD_DIR } from './build-output';

test('sitemap lists every the specification route', () => {
  assertBuilt();
  const xml = fs.readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
  const missing = contentRoutes.filter((route) => !locs.has(route));
  assert.deepEqual(missing, []);
});

test('no built page carries noindex', () => {
  assertBuilt();
  const noindex = builtPages(BUILD_DIR)
    .filter(({ file }) => /<meta[^>]+name="robots"[^>]+noindex/i.test(fs.readFileSync(file, 'utf8')))
    .map(({ route }) => route);
  assert.deepEqual(noindex, []);
});

test('robots.txt allows crawling and points at the sitemap', () => {
  assertBuilt();
  const robots = fs.readFileSync(path.join(BUILD_DIR, 'robots.txt'), 'utf8');
  assert.match(robots, /^User-agent: \*$/m);
  assert.doesNotMatch(robots, /^Disallow: \/$/m);
  assert.match(robots, new RegExp(`^Sitemap: ${brand.siteUrl}/sitemap.xml$`, 'm'));
});
