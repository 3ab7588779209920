/**
 * DocSearch's bundled Zod must not probe eval (src/plugins/no-eval-probe.ts):
 * the loader patches the file the build bundles, and the plugin's post-build
 * check fails any build (build/, build-hosted/) that still ships a probe; both
 * are run here on crafted targets. tests/e2e/search.spec.ts checks the same in
 * the browser (the search modal under the CSP reports no violation).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import noEvalProbePlugin, { EVAL_PROBE, PATCHED_FILE } from '../../src/plugins/no-eval-probe';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is a CommonJS module; required here as webpack requires it
const loader = require('../../src/plugins/no-eval-probe-loader.cjs') as (this: { resourcePath: string }, source: string) => string;

/** Zod 4's eval probe as @docsearch/react 4.7 ships it, minified, in dist/esm/DocSearchModal.js. */
const ZOD_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';
const modal = require.resolve('@docsearch/react/modal');
const installed = fs.readFileSync(modal, 'utf8');

test('the loader targets the file `@docsearch/react/modal` resolves to, and turns its one probe into "no eval"', () => {
  assert.match(modal, PATCHED_FILE);
  assert.equal(installed.split(ZOD_PROBE).length - 1, 1, "the installed DocSearch holds Zod's probe once");
  const patched = loader.call({ resourcePath: modal }, installed);
  assert.equal(patched, installed.replace(ZOD_PROBE, 'return!1'));
  assert.doesNotMatch(patched, EVAL_PROBE);
});

type Outcome = 'ships no probe' | 'the loader fails the build' | 'the postBuild check fails the build';

/**
 * What the build does with a DocSearchModal.js: the loader, called as webpack
 * calls it, then the plugin's postBuild check over the script it produced.
 */
async function build(source: string): Promise<Outcome> {
  let script: string;
  try {
    script = loader.call({ resourcePath: modal }, source);
  } catch (error) {
    assert.match(String(error), /Zod's eval probe not found in .*[\\/]DocSearchModal\.js/);
    return 'the loader fails the build';
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-eval-probe-'));
  try {
    fs.mkdirSync(path.join(outDir, 'assets', 'js'), { recursive: true });
    fs.writeFileSync(path.join(outDir, 'assets', 'js', 'modal.js'), script);
    type PostBuildProps = Parameters<NonNullable<ReturnType<typeof noEvalProbePlugin>['postBuild']>>[0];
    await noEvalProbePlugin().postBuild?.({ outDir } as PostBuildProps);
    return 'ships no probe';
  } catch (error) {
    assert.match(String(error), /an eval probe is left in modal\.js/);
    return 'the postBuild check fails the build';
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

test('whatever the DocSearch file holds, the build fails or ships no eval probe (test of the test)', async () => {
  // The installed file, and the changes an upgrade of DocSearch or of its Zod could bring.
  const cases: Array<[string, string, Outcome]> = [
    ['as installed', installed, 'ships no probe'],
    ['the probe twice', `${installed};function again(){${ZOD_PROBE}}`, 'ships no probe'],
    ['another use of Function, not a probe', `${installed};var g=Function("return this")();`, 'ships no probe'],
    [
      'the catch binding renamed by the minifier',
      installed.replace(ZOD_PROBE, ZOD_PROBE.replace('catch(e)', 'catch(t)')),
      'the loader fails the build',
    ],
    ['the probe without `new`', installed.replace(ZOD_PROBE, ZOD_PROBE.replace('new Function', 'Function')), 'the loader fails the build'],
    ['no probe any more', installed.replace(ZOD_PROBE, 'return!1'), 'the loader fails the build'],
    [
      'a second probe in another form',
      `${installed};function f(){try{return Function(''),!0}catch(e){return!1}}`,
      'the postBuild check fails the build',
    ],
  ];
  const outcomes: string[] = [];
  for (const [change, source] of cases) outcomes.push(`${change}: ${await build(source)}`);
  assert.deepEqual(
    outcomes,
    cases.map(([change, , outcome]) => `${change}: ${outcome}`),
  );
});
