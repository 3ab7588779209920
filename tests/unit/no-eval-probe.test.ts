/**
 * DocSearch's bundled Zod must not probe eval (src/plugins/no-eval-probe.ts):
 * the loader patches the file the build bundles, and no built script of either
 * build holds a probe. tests/e2e/nginx.spec.ts checks the same in the browser
 * (the search modal under the CSP reports no violation).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { EVAL_PROBE, PATCHED_FILE, filesWithEvalProbe } from '../../src/plugins/no-eval-probe';
import { assertBuilt, BUILD_DIR } from './build-output';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../../src/plugins/no-eval-probe-loader.cjs') as ((this: { resourcePath: string }, source: string) => string) & {
  PROBE: string;
};
const run = (source: string) => loader.call({ resourcePath: 'DocSearchModal.js' }, source);

test('the loader targets the file `@docsearch/react/modal` resolves to, and leaves no eval probe in it', () => {
  const modal = require.resolve('@docsearch/react/modal');
  assert.match(modal, PATCHED_FILE);
  const source = fs.readFileSync(modal, 'utf8');
  assert.ok(source.includes(loader.PROBE), 'the installed DocSearch still has the probe the loader replaces');
  const patched = run(source);
  assert.doesNotMatch(patched, EVAL_PROBE);
  assert.equal(patched.length, source.length - loader.PROBE.length + 'return!1'.length);
});

test('the loader fails the build when the probe is not where it looks', () => {
  assert.throws(() => run('var allowsEval=function(){return!1};'), /Zod's eval probe not found in DocSearchModal\.js/);
});

test('the probe pattern catches the probe as a minifier may leave it, and nothing else', () => {
  for (const probe of ['new Function("")', "Function('')", 'Function( "" )']) assert.match(`try{${probe};return!0}catch{}`, EVAL_PROBE);
  for (const other of ['new Function("return this")', 'isFunction("")', 'typeof Function']) assert.doesNotMatch(other, EVAL_PROBE);
});

test('no built script holds an eval probe (build/, and build-hosted/ when built)', async () => {
  assertBuilt();
  assert.deepEqual(await filesWithEvalProbe(path.join(BUILD_DIR, 'assets', 'js')), []);
  const hosted = path.resolve(BUILD_DIR, '../build-hosted/assets/js');
  if (fs.existsSync(hosted)) assert.deepEqual(await filesWithEvalProbe(hosted), []);
});
