import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Chunk, Configuration, Module } from 'webpack';

/**
 * Keeps the API Reference code (docusaurus-theme-openapi-docs 5.2) off the
 * pages that do not need it (browser build).
 *
 * Docusaurus (core 3.10) puts every module that half the route chunks use
 * into one `common` chunk that every page loads. The API Reference has more
 * routes (operations and schemas) than the guides and help centre together, so
 * the schema viewer, Redux and react-markdown ended up in `common`, i.e. on every
 * guide page. Here `common` is computed over the non-API chunks only, and the
 * modules of API chunks are split into chunks of their own, grouped by the set
 * of API chunks that use them (`apiReference` group, no minimum size). The route
 * chunks of API pages keep only the page's MDX and data and the ApiItem module:
 * what a guide prefetches when it links to the reference.
 *
 * The build fails when Docusaurus no longer has the `common` cache group this
 * rewrites, so an upgrade is reviewed here. Tests: the first-load weight tests of
 * the crawl (tests/e2e/crawl.spec.ts: no explorer code on an API page's first load, the API stylesheet on /api
 * pages only) and tests/e2e/api-reference.spec.ts (guides load no API Reference code).
 */
export default function apiChunksPlugin(context: LoadContext): Plugin<void> {
  const apiContentDir = path.join(context.siteDir, 'api') + path.sep;
  const siteThemeDir = path.join(context.siteDir, 'src', 'theme');
  /** The site's API Reference components (the other folders of src/theme are not for the API). */
  const siteApiThemeDirs = ['ApiItem', 'ApiExplorer', 'Markdown'].map((name) => path.join(siteThemeDir, name) + path.sep);
  const apiItemModule = path.join(siteThemeDir, 'ApiItem', 'index.tsx');
  const openApiTheme = /[\\/]node_modules[\\/]docusaurus-theme-openapi-docs[\\/]/;
  const resourceOf = (module: Module | null | undefined): string => (module as { resource?: string } | null | undefined)?.resource ?? '';

  /** A chunk of an API page: its MDX (api/), the ApiItem route component, or a chunk that they load lazily. */
  const isApiChunk = (chunk: Chunk): boolean => {
    for (const group of chunk.groupsIterable) {
      for (const origin of group.origins) {
        const request = origin.request ?? '';
        if (request.startsWith('@site/api/') || request === '@theme/ApiItem') return true;
        const from = resourceOf(origin.module);
        if (openApiTheme.test(from) || siteApiThemeDirs.some((dir) => from.startsWith(dir))) return true;
      }
    }
    return false;
  };

  return {
    name: 'api-chunks',
    configureWebpack(config: Configuration, isServer: boolean) {
      if (isServer) return {};
      const splitChunks = config.optimization?.splitChunks;
      const cacheGroups = splitChunks ? splitChunks.cacheGroups : undefined;
      const common = cacheGroups?.common;
      if (!cacheGroups || !common || typeof common !== 'object' || common instanceof RegExp) {
        throw new Error(
          'api-chunks: Docusaurus no longer defines the `common` cache group (optimization.splitChunks.cacheGroups.common) ' +
            'that src/api-reference/chunks.ts narrows to non-API chunks; review it against the installed @docusaurus/core.',
        );
      }
      // As before (async chunks), minus the API ones.
      common.chunks = (chunk: Chunk) => !chunk.canBeInitial() && !isApiChunk(chunk);
      cacheGroups.apiReference = {
        chunks: (chunk: Chunk) => !chunk.canBeInitial() && isApiChunk(chunk),
        // Everything but the pages' own MDX and data, and the ApiItem module itself.
        test: (module: Module) => {
          const resource = resourceOf(module);
          return !resource.startsWith(apiContentDir) && resource !== apiItemModule;
        },
        minChunks: 1,
        minSize: 0,
        priority: 30,
        reuseExistingChunk: true,
      };
      return {};
    },
  };
}
