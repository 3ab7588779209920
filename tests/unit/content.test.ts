/**
 * The guides and the help centre against the specification and the OpenAPI document:
 * each owning page shows the specification's values (from tests/fixtures, not from the
 * pages), lists are rendered from the document, every request sample uses a
 * call the document has, and no JSON example is typed by hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as cheerio from 'cheerio';
import { guideOwners, helpOwners, referenceOwners, type Owned } from '../fixtures/owning-pages';
import { guideRoutes, helpCenterRoutes } from '../fixtures/routes';
import { brand } from '../../src/brand';
import { operations } from '../../src/openapi/document';
import { fileOfRoute } from '../../src/built/pages';
import { sourcePages } from '../../src/sourcePages';
import { assertBuilt, BUILD_DIR } from './build-output';

function load(route: string) {
  const file = fileOfRoute(BUILD_DIR, route);
  assert.ok(file, `${route} is built`);
  return cheerio.load(fs.readFileSync(file, 'utf8'));
}

function checkOwner(route: string, owned: Owned): string[] {
  const $ = load(route);
  const problems: string[] = [];
  const article = $('article').text();
  const tables = $('article [data-enum], article [data-schema]')
    .map((_, el) =>
      $(el)
        .find('code')
        .map((__, c) => $(c).text())
        .get(),
    )
    .get() as string[];
  for (const value of owned.listed ?? []) {
    if (!tables.includes(String(value))) problems.push(`${route}: "${value}" is not in a list rendered from the document`);
  }
  for (const value of owned.text ?? []) {
    if (!article.includes(String(value))) problems.push(`${route}: "${value}" does not appear`);
  }
  for (const value of owned.anchored?.values ?? []) {
    const id = `${owned.anchored?.prefix ?? ''}${value}`;
    if ($(`[id="${id}"]`).length === 0) problems.push(`${route}: no anchor #${id}`);
  }
  return problems;
}

test("each guide page shows the specification's values it owns", () => {
  assertBuilt();
  const problems = Object.entries(guideOwners).flatMap(([route, owned]) => checkOwner(route, owned));
  assert.deepEqual(problems, []);
});

test("each help-centre page shows the specification's values it owns, in lists rendered from the document", () => {
  assertBuilt();
  const problems = Object.entries(helpOwners).flatMap(([route, owned]) => checkOwner(route, owned));
  assert.deepEqual(problems, []);
});

test('widgets are explained on a page of the reference that is not a schema page, linked from the guides and its sidebar', () => {
  assertBuilt();
  const problems = Object.entries(referenceOwners).flatMap(([route, owned]) => checkOwner(route, owned));
  assert.deepEqual(problems, []);
  const widgets = load('/api/widgets');
  assert.equal(widgets('article h1').text().trim(), 'Widgets');
  assert.equal(widgets('.theme-doc-sidebar-menu a[href="/api/widgets"]').length, 1, 'the API sidebar lists it');
  for (const route of ['/guides/first-steps/api-key', '/guides/webhooks/description']) {
    assert.ok(load(route)('article a[href="/api/widgets"]').length > 0, `${route} links to /api/widgets`);
  }
});

test('the owning-page check catches a missing value (test of the test)', () => {
  assertBuilt();
  const problems = checkOwner('/guides/charges/statuses', { listed: ['no_such_status'], text: ['no such words'] });
  assert.equal(problems.length, 2);
});

const documentCalls = operations()
  .filter((entry) => !entry.webhook)
  .map((entry) => ({ method: entry.method.toUpperCase(), pattern: new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/?]+')}$`) }));

function callExists(method: string, url: string): boolean {
  const bases = [brand.sandboxApiUrl, brand.productionApiUrl, brand.localSandboxApiUrl];
  const base = bases.find((b) => url.startsWith(b));
  if (!base) return false;
  const pathOnly = url.slice(base.length).split('?')[0];
  return documentCalls.some((c) => c.method === method && c.pattern.test(pathOnly));
}

test('every curl and Go sample on the guides and help centre calls a method and path the document has', () => {
  assertBuilt();
  const bad: string[] = [];
  let samples = 0;
  for (const route of [...guideRoutes, ...helpCenterRoutes]) {
    const $ = load(route);
    $('article pre').each((_, pre) => {
      const code = $(pre).text();
      for (const m of code.matchAll(/curl(?: -X (\w+))? "([^"]+)"/g)) {
        samples += 1;
        if (!callExists(m[1] ?? 'GET', m[2])) bad.push(`${route}: curl ${m[1] ?? 'GET'} ${m[2]}`);
      }
      for (const m of code.matchAll(/http\.NewRequest\(http\.Method(\w+), "([^"]+)"/g)) {
        samples += 1;
        if (!callExists(m[1].toUpperCase(), m[2])) bad.push(`${route}: Go ${m[1]} ${m[2]}`);
      }
    });
  }
  assert.ok(samples > 0, 'found request samples');
  assert.deepEqual(bad, []);
  assert.equal(callExists('POST', `${brand.sandboxApiUrl}/refunds`), false, 'a call the document lacks is caught');
});

test('no JSON example is typed by hand in the guides or the help centre (they come from the document)', () => {
  const offenders = sourcePages()
    .filter((page) => /^```json\b/m.test(page.text))
    .map((page) => page.file);
  assert.deepEqual(offenders, []);
});

test('every guide and help-centre page ends with next steps', () => {
  assertBuilt();
  const missing = [...guideRoutes, ...helpCenterRoutes].filter((route) => {
    const $ = load(route);
    return !$('article h2').filter((_, h) => $(h).text().trim().startsWith('Next steps')).length;
  });
  assert.deepEqual(missing, []);
});

test("help-centre tables speak the merchant's words: no API type name as a table's caption", () => {
  assertBuilt();
  const problems: string[] = [];
  for (const route of helpCenterRoutes) {
    const $ = load(route);
    $('article table caption').each((_, caption) => {
      if ($(caption).find('code').length) problems.push(`${route}: caption "${$(caption).text().trim()}"`);
    });
  }
  assert.deepEqual(problems, []);
});
