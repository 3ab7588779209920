/**
 * Schema pages for the API's objects only, and every other named schema still found: on the page that
 * shows it, in that page's search records and Markdown twin, from the operation pages that use it,
 * and at its old address (a redirect).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { builtPages, fileOfRoute } from '../../src/built/pages';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../../src/search/records';
import { renderRedirectsFile } from '../../deploy/render';
import { errorEnvelope, objects } from '../fixtures/spec';
import { documentSchemas, operationSchemaRefs } from '../openapi';
import { assertBuilt, BUILD_DIR } from './build-output';

/** A schema page's route as docusaurus-plugin-openapi-docs 5.2 writes it (lodash kebabCase of the lower-cased name). */
const pageOf = (name: string) => `/api/schemas/${name.toLowerCase().replace(/([a-z])(\d)/g, '$1-$2')}`;

const html = (route: string): string => {
  const file = fileOfRoute(BUILD_DIR, route);
  assert.ok(file, `${route} is built`);
  return fs.readFileSync(file, 'utf8');
};
/** Whether a built page names the schema: as code (a "Schemas" list, a table caption) or as its own page's title. */
const names = (page: string, name: string) => new RegExp(`<code>${name}</code>|\\(${name}\\)|<h1[^>]*>${name}</h1>`).test(page);

test('the build has a page for each object and for no other schema; the sidebar lists them', () => {
  assertBuilt();
  const built = builtPages(BUILD_DIR)
    .map(({ route }) => route)
    .filter((route) => route.startsWith('/api/schemas/'))
    .sort();
  assert.deepEqual(built, [...objects, errorEnvelope].map(pageOf).sort());
  const overview = html('/api');
  for (const name of [...objects, errorEnvelope])
    assert.match(overview, new RegExp(`href="?${pageOf(name)}[" >]`), `the sidebar links ${name}`);
});

test("every named schema of the document is named on the page its old address sends to, in that page's search records and twin", () => {
  assertBuilt();
  const redirects = new Map(
    renderRedirectsFile(BUILD_DIR)
      .split('\n')
      .map((line) => line.split(' '))
      .filter((parts) => parts.length === 3 && parts[2] === '301')
      .map(([from, to]) => [from, to]),
  );
  const index = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, SEARCH_INDEX_FILE), 'utf8')) as SearchIndexFile;
  const problems: string[] = [];
  for (const name of documentSchemas()) {
    const own = pageOf(name);
    const home = fileOfRoute(BUILD_DIR, own) ? own : redirects.get(own);
    if (!home) {
      problems.push(`${name}: ${own} is not built and not redirected`);
      continue;
    }
    if (home !== own && redirects.get(`${own}.md`) !== `${home}.md`)
      problems.push(`${name}: the twin ${own}.md is not redirected to ${home}.md`);
    if (!names(html(home), name)) problems.push(`${name}: ${home} does not name it`);
    const twin = path.join(BUILD_DIR, `${home}.md`);
    if (!fs.existsSync(twin) || !fs.readFileSync(twin, 'utf8').includes(name))
      problems.push(`${name}: the twin of ${home} does not name it`);
    const found = index.records.some(
      (record) => record.u.split('#')[0] === home && [...record.h, record.c ?? ''].some((text) => text.includes(name)),
    );
    if (!found) problems.push(`${name}: no search record of ${home} names it`);
  }
  assert.deepEqual(problems, []);
});

test('from each operation page, every schema it uses is named on the page or on an object page it links to', () => {
  assertBuilt();
  const problems: string[] = [];
  for (const { pageUrl, schemas } of operationSchemaRefs()) {
    const page = html(pageUrl);
    const linked = [...page.matchAll(/href="?(\/api\/schemas\/[a-z0-9-]+)/g)].map((m) => m[1]);
    for (const name of schemas) {
      if (names(page, name)) continue;
      if (linked.some((route) => route === pageOf(name) || names(html(route), name))) continue;
      problems.push(`${pageUrl}: ${name}`);
    }
  }
  assert.deepEqual(problems, []);
});
