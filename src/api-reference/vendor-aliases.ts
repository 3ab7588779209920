import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import type { RuleSetRule } from 'webpack';
import { filesUnder } from '../built/pages';
import { escapeRegExp } from '../text';

/**
 * Module aliases that fix the modules docusaurus-theme-openapi-docs 5.2 (and
 * the postman-code-generators 2.1 it bundles) import, each scoped to the
 * vendor files it fixes:
 * - weight: one lodash for the code generators of the explorer (each ships its
 *   own lodash 4); SHA-1 alone (src/api-reference/browser/crypto-js-sha1.ts) instead of
 *   the whole of crypto-js for ApiExplorer/storage-utils;
 * - server rendering: the theme's ParamsDetails, RequestSchema and ResponseSchema
 *   wrap their output in `@docusaurus/BrowserOnly`; for those files it resolves to
 *   src/api-reference/browser/ServerRendered.tsx, which renders its children everywhere;
 * - one copy of react-redux and react-hook-form: the theme `require`s them, which
 *   resolves to their CommonJS builds; an `import` in the site's components would
 *   resolve to their ES builds, second copies with a second React context in which
 *   the theme's store and form are not found. Both resolve to the CommonJS build.
 *
 * Each alias names the vendor files it applies to and the request it replaces
 * there. When the plugin loads, every named file must exist and still make that
 * request, else the build fails: a renamed or rewritten vendor file cannot switch
 * an alias off without a word.
 */
type ScopedAlias = {
  /** Why, in a few words (for the error message). */
  purpose: string;
  /** Where the alias applies: the module rule's test. */
  test: RegExp;
  /** The vendor files the alias is for: each must exist, make the request and match `test`. */
  files: string[];
  /** The request those files make, and what it resolves to for them. */
  request: string;
  target: string;
};

const SITE_DIR = path.resolve(__dirname, '../..');
const apiReference = (file: string) => path.join(SITE_DIR, 'src', 'api-reference', file);
const themeFile = (file: string) => `docusaurus-theme-openapi-docs/lib/theme/${file}`;

/** The code generators that import lodash (postman-code-generators keeps one package per language). */
function codegenFilesImportingLodash(): string[] {
  const codegens = path.join(path.dirname(require.resolve('postman-code-generators/package.json')), 'codegens');
  return filesUnder(codegens, (name) => name.endsWith('.js')).filter((file) =>
    /require\(['"]lodash['"]\)/.test(fs.readFileSync(file, 'utf8')),
  );
}

function scopedAliases(): ScopedAlias[] {
  return [
    {
      purpose: 'one lodash for the code generators',
      test: /[\\/]node_modules[\\/]postman-code-generators[\\/]/,
      files: codegenFilesImportingLodash(),
      request: 'lodash',
      target: path.dirname(require.resolve('lodash/package.json')),
    },
    {
      purpose: 'SHA-1 alone instead of the whole of crypto-js',
      test: /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]storage-utils\.js$/,
      files: [require.resolve(themeFile('ApiExplorer/storage-utils.js'))],
      request: 'crypto-js',
      target: apiReference('browser/crypto-js-sha1.ts'),
    },
    {
      purpose: 'parameters, request body and responses rendered on the server',
      test: /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](ParamsDetails|RequestSchema|ResponseSchema)[\\/]index\.js$/,
      files: ['ParamsDetails', 'RequestSchema', 'ResponseSchema'].map((name) => require.resolve(themeFile(`${name}/index.js`))),
      request: '@docusaurus/BrowserOnly',
      target: apiReference('browser/ServerRendered.tsx'),
    },
  ];
}

/** Throws unless every file exists and requires `request` (a renamed or rewritten vendor file fails the build). */
export function checkAliasTargets(aliases: ScopedAlias[]): void {
  const problems: string[] = [];
  for (const alias of aliases) {
    if (alias.files.length === 0) problems.push(`${alias.purpose}: no vendor file requires '${alias.request}' any more`);
    for (const file of alias.files) {
      const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
      if (source === undefined) problems.push(`${alias.purpose}: ${file} is gone`);
      else if (!new RegExp(`require\\(['"]${escapeRegExp(alias.request)}['"]\\)`).test(source))
        problems.push(`${alias.purpose}: ${file} no longer requires '${alias.request}'`);
      if (!alias.test.test(file)) problems.push(`${alias.purpose}: ${file} is outside the rule's test ${alias.test}`);
    }
    if (!fs.existsSync(alias.target)) problems.push(`${alias.purpose}: the replacement ${alias.target} is gone`);
  }
  if (problems.length > 0) {
    throw new Error(
      `vendor-aliases: review src/api-reference/vendor-aliases.ts against the installed packages:\n- ${problems.join('\n- ')}`,
    );
  }
}

export default function vendorAliasesPlugin(): Plugin<void> {
  const aliases = scopedAliases();
  checkAliasTargets(aliases);
  return {
    name: 'api-vendor-aliases',
    configureWebpack() {
      const rules: RuleSetRule[] = aliases.map((alias) => ({
        test: alias.test,
        // The request as a prefix key, not `request$`: Docusaurus aliases @docusaurus/BrowserOnly site-wide,
        // and that alias wins over an exact-match key of a rule.
        resolve: { alias: { [alias.request]: alias.target } },
      }));
      const alias = {
        'react-redux$': require.resolve('react-redux'),
        'react-hook-form$': require.resolve('react-hook-form'),
      };
      return { module: { rules }, resolve: { alias } };
    },
  };
}
