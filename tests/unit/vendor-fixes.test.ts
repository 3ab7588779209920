/**
 * Fixes aimed at vendor code fail the build when their target moves: the aliases
 * scoped to files of docusaurus-theme-openapi-docs and postman-code-generators
 * (src/api-reference/vendor-aliases.ts), the narrowing of Docusaurus's
 * `common` chunk (src/api-reference/chunks.ts) and the openapi theme without its
 * global stylesheet (src/api-reference/theme.ts). Each is run on crafted targets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import type { Configuration } from 'webpack';
import vendorAliasesPlugin, { checkAliasTargets } from '../../src/api-reference/vendor-aliases';
import apiChunksPlugin from '../../src/api-reference/chunks';
import { withoutThemeStyles } from '../../src/api-reference/theme';

const ROOT = path.resolve(__dirname, '../..');

function crafted(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-fixes-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

test('the installed vendor files still make every request the aliases replace (the plugin loads)', () => {
  const plugin = vendorAliasesPlugin();
  const rules = (plugin.configureWebpack?.({}, false, {} as never, {} as never) as Configuration).module?.rules ?? [];
  assert.equal(rules.length, 3, 'lodash, crypto-js and BrowserOnly aliases');
});

test('a vendor file that is gone, or no longer makes the request, fails the build with its name', () => {
  const dir = crafted({ 'uses.js': 'const x = require("crypto-js");', 'rewritten.js': 'import sha1 from "crypto-js/sha1";' });
  const target = path.join(dir, 'uses.js');
  assert.doesNotThrow(() =>
    checkAliasTargets([{ purpose: 'p', test: /\.js$/, files: [path.join(dir, 'uses.js')], request: 'crypto-js', target }]),
  );
  assert.throws(
    () => checkAliasTargets([{ purpose: 'p', test: /\.js$/, files: [path.join(dir, 'renamed.js')], request: 'crypto-js', target }]),
    /renamed\.js is gone/,
  );
  assert.throws(
    () => checkAliasTargets([{ purpose: 'p', test: /\.js$/, files: [path.join(dir, 'rewritten.js')], request: 'crypto-js', target }]),
    /rewritten\.js no longer requires 'crypto-js'/,
  );
  assert.throws(
    () => checkAliasTargets([{ purpose: 'p', test: /\.js$/, files: [], request: 'lodash', target }]),
    /no vendor file requires 'lodash'/,
  );
  assert.throws(
    () => checkAliasTargets([{ purpose: 'p', test: /other\.js$/, files: [target], request: 'crypto-js', target }]),
    /uses\.js is outside the rule's test/,
  );
  assert.throws(
    () => checkAliasTargets([{ purpose: 'p', test: /\.js$/, files: [target], request: 'crypto-js', target: path.join(dir, 'missing.ts') }]),
    /replacement .*missing\.ts is gone/,
  );
});

test("the chunk split fails the build when Docusaurus's `common` cache group is gone", () => {
  const plugin = apiChunksPlugin({ siteDir: ROOT } as LoadContext);
  const configure = (config: Configuration) => plugin.configureWebpack?.(config, false, {} as never, {} as never);
  const withCommon: Configuration = { optimization: { splitChunks: { cacheGroups: { common: { minChunks: 2 } } } } };
  configure(withCommon);
  const groups = (withCommon.optimization?.splitChunks as { cacheGroups: Record<string, { chunks?: unknown }> }).cacheGroups;
  assert.equal(typeof groups.common.chunks, 'function', 'common is narrowed to non-API chunks');
  assert.ok(groups.apiReference, 'the API chunks get their own group');
  assert.throws(() => configure({ optimization: { splitChunks: { cacheGroups: {} } } }), /no longer defines the `common` cache group/);
  assert.throws(() => configure({}), /no longer defines the `common` cache group/);
});

test('the openapi theme loses its stylesheet, and fails the build when its client modules change', () => {
  const styles = '/theme/styles.scss';
  const theme = (modules: string[]) => ({ name: 'openapi-theme', getClientModules: () => modules });
  assert.deepEqual(withoutThemeStyles(theme([styles]), styles).getClientModules?.(), []);
  for (const modules of [[], [styles, '/theme/more.js'], ['/theme/renamed.scss']])
    assert.throws(() => withoutThemeStyles(theme(modules), styles), /Review src\/api-reference\/theme\.ts/);
});
