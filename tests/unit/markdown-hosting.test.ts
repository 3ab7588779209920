/** The CDN files of the build serve the llms.txt files as text, revalidated like the pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { assertBuilt, BUILD_DIR } from './build-output';
import { headersFor, parseHeaders } from '../cdn';

/** The headers Cloudflare would add for a path, from the build's `_headers` (tests/cdn.ts). */
function headersOf(): (p: string) => Map<string, string> {
  const rules = parseHeaders(fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));
  return (p) => headersFor(rules, p);
}

// Each twin's rules (revalidated, typed by the host itself, no rule of its own) are checked over every file of the
// build in deploy.test.ts, and live in tests/unit/hosting/cloudflare.ts.
test('_headers serves the llms files as text/plain, revalidated, and types no page', () => {
  assertBuilt();
  const headersAt = headersOf();
  for (const file of ['/llms.txt', '/llms-full.txt']) {
    assert.ok(fs.existsSync(path.join(BUILD_DIR, file)), `${file} is built`);
    assert.equal(headersAt(file).get('content-type'), 'text/plain; charset=utf-8', file);
    assert.equal(headersAt(file).get('cache-control'), 'no-cache', file);
  }
  for (const page of ['/guides/charges', '/api', '/guides/charges.md']) assert.equal(headersAt(page).get('content-type'), undefined, page);
});
