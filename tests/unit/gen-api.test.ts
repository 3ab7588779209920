/**
 * api/ is written by `npm run gen-api` alone: it empties the folder, generates the operation, tag and schema
 * pages from openapi/, and copies the hand-written pages of reference/ beside them. A page renamed or removed in
 * reference/ (or an operation gone from the document) leaves no stale copy that the next build would publish.
 *
 * Run: node --import tsx --test tests/unit/gen-api.test.ts (it reruns gen-api, about 10 s).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const API = path.join(ROOT, 'api');

test('gen-api leaves no page it did not write: a stale copy in api/ is gone after it runs', () => {
  fs.mkdirSync(API, { recursive: true });
  const stale = path.join(API, 'renamed-reference-page.mdx');
  fs.writeFileSync(stale, '---\nid: renamed-reference-page\n---\n\nA page whose source is gone.\n');
  execFileSync('npm', ['run', '--silent', 'gen-api'], { cwd: ROOT, stdio: 'pipe' });
  assert.equal(fs.existsSync(stale), false, 'the stale page is still in api/');
  for (const file of fs.readdirSync(path.join(ROOT, 'reference')))
    assert.equal(
      fs.readFileSync(path.join(API, file), 'utf8'),
      fs.readFileSync(path.join(ROOT, 'reference', file), 'utf8'),
      `api/${file} is the copy of reference/${file}`,
    );
  assert.ok(fs.existsSync(path.join(API, 'create-charge.api.mdx')), 'the generated pages are there');
});
