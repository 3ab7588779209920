/**
 * The site's three docs sets, by the short name tools use for them (the MCP
 * server's `section`): each one's label (the navbar, the not-found page, and
 * the lvl0 of its search records) and its `docusaurus_tag` (the docs plugin
 * instance and version its pages carry, which the search filters on).
 */
export const DOCS_SETS = {
  guides: { label: 'Guides', tag: 'docs-default-current' },
  api: { label: 'API Reference', tag: 'docs-api-current' },
  'help-center': { label: 'Help Center', tag: 'docs-help-center-current' },
} as const;

export type DocsSetName = keyof typeof DOCS_SETS;
