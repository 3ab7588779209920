// ESLint flat config, after Docusaurus's own repository: typescript-eslint's recommended
// rules, React's hooks rules and Docusaurus's plugin for site code. Prettier owns formatting
// (eslint-config-prettier turns off the rules it would fight); both run in `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** A rule switched off in a comment says why, after ` -- ` on the same comment (ESLint's own syntax for a reason). */
const disableNeedsReason = {
  meta: { type: 'suggestion', schema: [], messages: { reason: 'Say why the rule is off: `eslint-disable… <rule> -- <reason>`.' } },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (/^\s*eslint-disable(?:-next-line|-line)?(?:\s|$)/.test(comment.value) && !/\s--\s+\S/.test(comment.value))
            context.report({ loc: comment.loc, messageId: 'reason' });
        }
      },
    };
  },
};

/**
 * The files that run in the reader's browser. Shared modules that both sides import (src/brand.ts, src/text.ts,
 * src/search/engine.ts, src/api-reference/routes.ts) count as browser code: they may use neither side's globals.
 */
const BROWSER = [
  'src/components/**',
  'src/theme/**',
  'src/pages/**',
  'src/keptHtml*',
  'src/keptHtml/**',
  'src/search/**',
  'src/api-reference/browser/**',
  'src/api-reference/routes.ts',
  'src/brand.ts',
  'src/text.ts',
  'src/docsSets.ts',
  'src/origins.ts',
  'src/sidebarSection.ts',
  'src/prismTheme.ts',
];

const NODE_ONLY_GLOBALS = ['process', 'require', 'module', '__dirname', '__filename', 'Buffer', 'global'];
const BROWSER_ONLY_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'build/',
      'build-hosted/',
      'build-nginx/',
      '.docusaurus/',
      '.generated/',
      '.bench/',
      '.nginx/',
      'api/',
      'test-results/',
      'playwright-report/',
      'mcp/dist/',
      // validate_request's validators, compiled by npm run mcp:build (Ajv's standalone code).
      'mcp/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { local: { rules: { 'disable-needs-reason': disableNeedsReason } } },
    rules: {
      'local/disable-needs-reason': 'error',
      // One name, one meaning: `Json` is src/openapi/document.ts's strict union; its loose view keeps its name.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name="DocumentNode"][local.name!="DocumentNode"]',
          message: 'Import DocumentNode under its own name (Json is the strict union of src/openapi/document.ts).',
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Code that runs in Node: the build (plugins, the document's reader, twins, the build folder's walker, the
    // API reference's build side), the hosting rules, scripts, benchmarks, harnesses, the sandbox, the MCP server and tests.
    files: ['**/*.{ts,mts,mjs,cjs}'],
    ignores: BROWSER,
    languageOptions: { globals: globals.node },
  },
  {
    // Code that runs in the reader's browser (and is rendered on the server by React): Node's globals are
    // not there.
    files: BROWSER,
    // The search settings are read by docusaurus.config.ts, in Node.
    ignores: ['src/search/config.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      // TypeScript's own checks replace no-undef, so the globals above do not refuse Node's: these rules do.
      'no-restricted-globals': [
        'error',
        ...NODE_ONLY_GLOBALS.map((name) => ({ name, message: 'Node only: this file runs in the browser.' })),
      ],
      'no-restricted-imports': ['error', { patterns: [{ regex: '^node:', message: 'Node only: this file runs in the browser.' }] }],
    },
  },
  {
    // The build's code in src/: it runs in Node while the site builds, never in the browser.
    files: ['src/openapi/**', 'src/plugins/**', 'src/markdown/**', 'src/built/**', 'src/api-reference/*.ts', 'src/search/config.ts'],
    ignores: ['src/api-reference/routes.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...BROWSER_ONLY_GLOBALS.map((name) => ({ name, message: 'Browser only: this file runs in Node, at build time.' })),
      ],
    },
  },
  {
    // React code: components, the theme, pages and the kept-HTML parts.
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, '@docusaurus': docusaurus },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...docusaurus.configs.recommended.rules,
      // mailto: and other full URLs are not routes; Link would add target=_blank to them.
      '@docusaurus/no-html-links': ['error', { ignoreFullyResolved: true }],
      '@docusaurus/prefer-docusaurus-heading': 'error',
    },
  },
  {
    // CommonJS files (webpack loaders).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
