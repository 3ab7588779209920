/**
 * Which search the site uses, decided at build time. With DOCSEARCH_APP_ID,
 * DOCSEARCH_API_KEY and DOCSEARCH_INDEX_NAME set, the hosted DocSearch service;
 * otherwise the built-in index (src/plugins/search.ts), served to the same
 * DocSearch modal and /search page. Contextual search on, insights off, in both.
 */
export type SearchMode = 'hosted' | 'local';

type AlgoliaSettings = {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch: true;
  insights: false;
  searchPagePath: string;
};

/**
 * Placeholders the theme's config schema needs in local mode. No request and no
 * connection hint goes to them: the SearchBar wrapper hands DocSearch the local
 * client and leaves out the theme's preconnect link, and the /search page's
 * `algoliasearch/lite` is the local client (src/plugins/search.ts). Checked by
 * tests/e2e/search.spec.ts.
 */
const LOCAL = { appId: 'LOCAL', apiKey: 'built-in-index', indexName: 'docs' };

export function searchSettings(env: Record<string, string | undefined> = process.env): {
  mode: SearchMode;
  algolia: AlgoliaSettings;
} {
  const appId = env.DOCSEARCH_APP_ID?.trim();
  const apiKey = env.DOCSEARCH_API_KEY?.trim();
  const indexName = env.DOCSEARCH_INDEX_NAME?.trim();
  const hosted = Boolean(appId && apiKey && indexName);
  return {
    mode: hosted ? 'hosted' : 'local',
    algolia: {
      ...(hosted ? { appId: appId!, apiKey: apiKey!, indexName: indexName! } : LOCAL),
      contextualSearch: true,
      insights: false,
      searchPagePath: 'search',
    },
  };
}
