/** The CDN files of the build serve the Markdown twins and the llms.txt files as text, revalidated like the pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../../src/built/pages';
import { assertBuilt, BUILD_DIR } from './build-output';
import { contentRoutes } from '../fixtures/routes';
import { calls } from '../openapi';
import { headersFor, parseHeaders } from '../cdn';

/** The headers Cloudflare would add for a path, from the build's `_headers` (tests/cdn.ts). */
function headersOf(): (p: string) => Map<string, string> {
  const rules = parseHeaders(fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));
  return (p) => headersFor(rules, p);
}

function markdownFiles(): string[] {
  return filesUnder(BUILD_DIR, (name) => name.endsWith('.md')).map(
    (file) => '/' + path.relative(BUILD_DIR, file).split(path.sep).join('/'),
  );
}

test('_headers serves every twin as text/markdown and the llms files as text/plain, revalidated', () => {
  assertBuilt();
  const headersAt = headersOf();
  const twins = markdownFiles();
  assert.ok(twins.length > contentRoutes.length + calls.length, `expected a twin per page, found ${twins.length}`);
  const problems: string[] = [];
  for (const twin of twins) {
    const headers = headersAt(twin);
    if (headers.get('content-type') !== 'text/markdown; charset=utf-8') problems.push(`${twin}: ${headers.get('content-type')}`);
    if (headers.get('cache-control') !== 'no-cache') problems.push(`${twin}: cache ${headers.get('cache-control')}`);
  }
  for (const file of ['/llms.txt', '/llms-full.txt']) {
    assert.ok(fs.existsSync(path.join(BUILD_DIR, file)), `${file} is built`);
    assert.equal(headersAt(file).get('content-type'), 'text/plain; charset=utf-8', file);
    assert.equal(headersAt(file).get('cache-control'), 'no-cache', file);
  }
  // Pages are not typed as Markdown.
  for (const page of ['/guides/charges', '/api']) assert.equal(headersAt(page).get('content-type'), undefined, page);
  assert.deepEqual(problems.slice(0, 20), []);
});
