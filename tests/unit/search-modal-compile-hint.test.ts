/**
 * The search modal's code carries V8's compile hint, and nothing else does
 * (src/plugins/search-modal-compile-hint.ts): the choice of chunk on crafted
 * chunk lists, then the built scripts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { filesToHint, type ChunkFacts } from '../../src/plugins/search-modal-compile-hint';
import { assertBuilt, BUILD_DIR } from './build-output';

/** V8's explicit compile hint for a whole file (Chrome 136), written out here rather than read from the plugin. */
const HINT = '//# allFunctionsCalledOnLoad\n';
const MODAL = '/site/node_modules/@docsearch/react/dist/esm/DocSearchModal.js';
const main: ChunkFacts = {
  files: ['assets/js/main.1.js', 'assets/css/styles.1.css'],
  initial: true,
  modules: ['/site/src/theme/SearchBar/index.tsx'],
};
const lazy = (modules: string[]): ChunkFacts => ({
  files: ['assets/js/6895.1.js', 'assets/css/docsearch-modal.1.css'],
  initial: false,
  modules,
});

test('the hint goes to the script of the lazy chunk that holds the modal, and the build fails when there is none or it loads first', () => {
  assert.deepEqual(filesToHint([main, lazy([MODAL])]), ['assets/js/6895.1.js']);
  assert.deepEqual(filesToHint([main, lazy(['C:\\site\\node_modules\\@docsearch\\react\\dist\\esm\\DocSearchModal.js'])]), [
    'assets/js/6895.1.js',
  ]);
  assert.throws(() => filesToHint([main, lazy(['/site/node_modules/@docsearch/react/dist/esm/Modal-abc.js'])]), /no chunk holds/);
  assert.throws(() => filesToHint([{ ...main, modules: [...main.modules, MODAL] }]), /a chunk pages load first \(assets\/js\/main\.1\.js/);
});

test("in the build, the one script that holds DocSearch's modal starts with the hint, and no other script has it", () => {
  assertBuilt();
  const dir = path.join(BUILD_DIR, 'assets', 'js');
  const scripts = fs.readdirSync(dir).filter((name) => name.endsWith('.js'));
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  // The modal's own class name: the modal's code renders it; the page's code (the button) does not.
  const modal = scripts.filter((name) => read(name).includes('DocSearch-Modal'));
  const hinted = scripts.filter((name) => read(name).startsWith(HINT));
  assert.equal(modal.length, 1, `one script holds the modal: ${modal.join(', ')}`);
  assert.deepEqual(hinted, modal);
  assert.ok(!hinted.some((name) => name.startsWith('main.')));
});
