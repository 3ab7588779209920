/**
 * api/ is written by `npm run gen-api` alone: it empties the folder, generates the operation, tag and schema
 * pages from openapi/, and copies the hand-written pages of reference/ beside them. A page renamed or removed in
 * reference/ (or an operation gone from the document) leaves no stale copy that the next build would publish.
 *
 * The build ran gen-api already (prebuild): this reads the api/ it left rather than running it again. `npm test`
 * puts a stale copy in api/ before its build (scripts/test.sh), so a gen-api that stops emptying the folder fails here.
 *
 * Run: node --import tsx --test tests/unit/gen-api.test.ts (after `npm run build` or `npm run gen-api`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const API = path.join(ROOT, 'api');
const REFERENCE = path.join(ROOT, 'reference');

/** The pages docusaurus-plugin-openapi-docs writes at api/'s top: operations, tags and the document's info. */
const GENERATED = /\.(api|tag|info)\.mdx$/;

test('api/ holds the generated pages and a copy of each reference/ page, and no page gen-api did not write', () => {
  assert.ok(fs.existsSync(path.join(API, 'create-charge.api.mdx')), 'no generated pages in api/: run npm run gen-api');
  const references = fs.readdirSync(REFERENCE);
  const copies = fs.readdirSync(API).filter((file) => file.endsWith('.mdx') && !GENERATED.test(file));
  assert.deepEqual(copies.sort(), [...references].sort(), 'api/ holds a page that is neither generated nor in reference/');
  for (const file of references)
    assert.equal(
      fs.readFileSync(path.join(API, file), 'utf8'),
      fs.readFileSync(path.join(REFERENCE, file), 'utf8'),
      `api/${file} is the copy of reference/${file}`,
    );
});
