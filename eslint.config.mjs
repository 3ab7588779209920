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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
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
    // Site code: what runs in the reader's browser.
    files: ['src/**/*.{ts,tsx}'],
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
