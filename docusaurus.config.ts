/**
 * The site's configuration. The option types of the OpenAPI plugin
 * (docusaurus-plugin-openapi-docs 5.2) come from its src/types, which the
 * package's index does not export: tests/unit/vendor-pins.test.ts holds this
 * file to that version.
 */
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type * as DocsPlugin from '@docusaurus/plugin-content-docs';
import type { PluginOptions as OpenApiPluginOptions } from 'docusaurus-plugin-openapi-docs/src/types';
import { brand } from './src/brand';
import { DOCS_SETS } from './src/docsSets';
import { accessibleLightTheme } from './src/prismTheme';
import remarkOpenapiFacts from './src/plugins/remark-openapi-facts';
import remarkBrandCode from './src/plugins/remark-brand-code';
import { searchSettings } from './src/search/config';
import { markdownGenerators } from './src/api-reference/pageGenerators';
import { parseFrontMatter } from './src/markdown/excerpt';
import { withDocumentSamples } from './src/api-reference/schemaSample';
import { SCHEMA_PAGES } from './src/api-reference/schemaPages';
import { schemaPageId } from './src/api-reference/routes';
// The OpenAPI document's file name, served as a download at /<file> (openapi/ is a static directory).
import { OPENAPI_FILE } from './src/openapi/document';

/** Hosted DocSearch when DOCSEARCH_* are set at build time, else the built-in index. */
const search = searchSettings();

/** Options shared by the two hand-written docs instances (guides, help centre). */
const docsInstanceDefaults = {
  // One version only, labelled with the API version; the dropdown shows it.
  lastVersion: 'current',
  versions: { current: { label: brand.apiVersionLabel } },
  showLastUpdateTime: false,
  breadcrumbs: true,
} satisfies Partial<DocsPlugin.Options>;

/**
 * Hand-written pages: <SchemaFields name="Charge" /> and friends get their facts from openapi/ at build
 * time, and `${brand.sandboxApiUrl}` in a fenced code block gets the brand's value.
 */
const contentDefaults = {
  ...docsInstanceDefaults,
  beforeDefaultRemarkPlugins: [remarkOpenapiFacts, remarkBrandCode],
} satisfies Partial<DocsPlugin.Options>;

const guides = {
  ...contentDefaults,
  path: 'docs',
  routeBasePath: 'guides',
  sidebarPath: './sidebars.ts',
} satisfies DocsPlugin.Options;

const helpCenter = {
  ...contentDefaults,
  id: 'help-center',
  path: 'help-center',
  routeBasePath: 'help-center',
  sidebarPath: './sidebarsHelpCenter.ts',
} satisfies DocsPlugin.Options;

/**
 * The API Reference: a docs instance whose pages docusaurus-plugin-openapi-docs generates into api/,
 * beside the hand-written pages of reference/ (copied into api/ by `npm run gen-api`), which use the
 * same OpenAPI components as the guides.
 */
const apiReference = {
  ...contentDefaults,
  id: 'api',
  path: 'api',
  routeBasePath: 'api',
  // Every generated and hand-written page, and the schema pages of the API's objects only
  // (src/api-reference/schemaPages.ts): the other schemas are shown on the pages that use them.
  include: ['*.mdx', ...SCHEMA_PAGES.map((name) => `schemas/${schemaPageId(name)}.schema.mdx`)],
  sidebarPath: './sidebarsApi.ts',
  docItemComponent: '@theme/ApiItem',
} satisfies DocsPlugin.Options;

const openApiDocs = {
  id: 'openapi',
  docsPluginId: 'api',
  config: {
    merchant: {
      specPath: `openapi/${OPENAPI_FILE}`,
      outputDir: 'api',
      infoTemplate: 'src/openapi-templates/info.mustache',
      downloadUrl: `/${OPENAPI_FILE}`,
      showSchemas: true,
      // Renders the document's x-unknown marks with the site's <Unknown> component.
      markdownGenerators,
      sidebarOptions: { groupPathsBy: 'tag', categoryLinkSource: 'tag', sidebarCollapsed: false },
    },
  },
} satisfies OpenApiPluginOptions;

const themeConfig = {
  algolia: search.algolia,
  metadata: [{ name: 'description', content: brand.tagline }],
  announcementBar: {
    id: 'announcement',
    content: brand.announcement,
    isCloseable: false,
  },
  // Light mode only: no switch, and the OS dark preference is not followed.
  colorMode: {
    defaultMode: 'light',
    disableSwitch: true,
    respectPrefersColorScheme: false,
  },
  docs: {
    sidebar: { hideable: false, autoCollapseCategories: false },
  },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  // The API explorer's "Try it" sends to the local sandbox only: the site makes no call to the product API
  // (the theme's patch reads this list; the endpoint line shows the documented URL: src/theme/ApiExplorer).
  api: { explorerServers: [brand.localSandboxApiUrl] },
  navbar: {
    title: brand.name,
    logo: { alt: `${brand.name} logo`, src: 'img/logo.svg', href: brand.homeRoute },
    items: [
      { type: 'docSidebar', sidebarId: 'guides', position: 'left', label: DOCS_SETS.guides.label },
      { type: 'docSidebar', sidebarId: 'api', docsPluginId: 'api', position: 'left', label: DOCS_SETS.api.label },
      {
        type: 'docSidebar',
        sidebarId: 'helpCenter',
        docsPluginId: 'help-center',
        position: 'left',
        label: DOCS_SETS['help-center'].label,
      },
      {
        // Follows the docs instance of the page (see src/theme/NavbarItem/DocsVersionDropdownNavbarItem).
        type: 'docsVersionDropdown',
        position: 'right',
        dropdownItemsAfter: [
          { type: 'html', value: '<hr class="dropdown__divider" />' },
          { to: `pathname:///${OPENAPI_FILE}`, label: `OpenAPI document (${brand.apiVersionLabel})` },
        ],
      },
      { type: 'localeDropdown', position: 'right' },
    ],
  },
  footer: {
    style: 'light',
    links: [
      {
        title: 'Developers',
        items: [
          { label: 'First steps', to: brand.homeRoute },
          { label: 'API key', to: '/guides/first-steps/api-key' },
          { label: DOCS_SETS.api.label, to: '/api' },
          { label: 'Webhooks', to: '/guides/webhooks' },
        ],
      },
      {
        title: 'Merchants',
        items: [
          { label: 'Registration', to: '/help-center/registration' },
          { label: 'Balances', to: '/help-center/balances' },
          { label: 'Withdrawal', to: '/help-center/withdrawal' },
          { label: 'Settings', to: '/help-center/settings' },
        ],
      },
      {
        title: 'Support',
        items: [{ label: brand.supportEmail, href: `mailto:${brand.supportEmail}` }],
      },
    ],
    copyright: `© ${brand.name}. Documentation of the merchant API ${brand.apiVersionLabel}.`,
  },
  prism: {
    theme: accessibleLightTheme,
    // go and json ship with prism-react-renderer; bash and diff are added here.
    additionalLanguages: ['bash', 'diff'],
  },
} satisfies Preset.ThemeConfig;

const config = {
  // Docusaurus Faster: Rspack, SWC and the SSG worker threads (which need the v4 head-attribute flag).
  future: { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },
  title: brand.name,
  tagline: brand.tagline,
  favicon: 'img/favicon.svg',
  url: brand.siteUrl,
  baseUrl: '/',
  trailingSlash: false,
  titleDelimiter: '|',
  noIndex: false,
  baseUrlIssueBanner: false,
  // .generated/static: the API Reference's stylesheet (src/api-reference/styles.ts).
  staticDirectories: ['static', 'openapi', '.generated/static'],
  // Broken links, broken anchors and duplicate routes only warn, as the site's specification asks.
  // The test suite checks links and anchors strictly (tests/unit/links.test.ts).
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    mermaid: true,
    hooks: { onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn' },
    // Descriptions keep the underscores of code spans (`fixed_price`): src/markdown/excerpt.ts. An API object
    // page shows the document's example or none, never one made up from the types: src/api-reference/schemaSample.ts.
    parseFrontMatter: withDocumentSamples(parseFrontMatter),
  },
  i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English' } } },
  presets: [
    [
      'classic',
      {
        docs: guides,
        blog: false,
        // src/css/api.css is linked by the API pages only (src/api-reference/styles.ts).
        theme: { customCss: ['./src/css/custom.css'] },
        // Pages with content only: not the redirect at / nor the search page.
        sitemap: { changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/', '/search'] },
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    ['@docusaurus/plugin-content-docs', helpCenter],
    ['@docusaurus/plugin-content-docs', apiReference],
    ['docusaurus-plugin-openapi-docs', openApiDocs],
    './src/plugins/robots.ts',
    // /v2.0.json beside /v2.0.yaml: the MCP server reads the document from it (faster to parse).
    './src/plugins/openapi-json.ts',
    './deploy/plugin.ts',
    './src/plugins/unknowns.ts',
    // Each page as Markdown (its URL plus .md), /llms.txt and /llms-full.txt.
    ['./src/plugins/markdown-twins.ts', { openApiPath: `/${OPENAPI_FILE}` }],
    ['./src/plugins/search.ts', { mode: search.mode }],
    // Both search modes: DocSearch's bundled Zod must not probe eval under the CSP.
    './src/plugins/no-eval-probe.ts',
    // Both search modes: DocSearch's modal stylesheet loads with the modal.
    './src/plugins/search-modal-styles.ts',
    // Both search modes: the modal's code compiles off the main thread as it streams in.
    './src/plugins/search-modal-compile-hint.ts',
    // The API Reference (src/api-reference/): its code split off the other pages, the aliases
    // that fix the theme's modules, and its stylesheet loaded by API pages only.
    './src/api-reference/chunks.ts',
    './src/api-reference/vendor-aliases.ts',
    './src/api-reference/styles.ts',
  ],
  // The openapi theme, with its stylesheet loaded by the API pages only (see the wrapper).
  themes: ['@docusaurus/theme-mermaid', './src/api-reference/theme.ts'],
  themeConfig,
  customFields: { searchMode: search.mode },
} satisfies Config;

export default config;
