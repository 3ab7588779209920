import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Chunk, Configuration, Module, RuleSetRule } from 'webpack';

/**
 * Keeps the API Reference code (docusaurus-theme-openapi-docs 5.2.0) off the
 * pages that do not need it, and lets its pages render on the server.
 *
 * 1. Code splitting (browser build). Docusaurus puts every module that half
 *    the route chunks use into one `common` chunk that every page loads. The
 *    API Reference has more routes (operations and schemas) than the guides and
 *    help centre together, so the schema viewer, Redux and react-markdown ended
 *    up in `common`, i.e. on every guide page. Here `common` is computed over
 *    the non-API chunks only, and the modules of API chunks are split into
 *    chunks of their own, grouped by the set of API chunks that use them
 *    (`apiReference` group, no minimum size). The route chunks of API pages
 *    keep only the page's MDX and data and the ApiItem module: what a guide
 *    prefetches when it links to the reference.
 *
 * 2. Lighter modules for the theme (rules below, each scoped to the files it
 *    fixes): one lodash for the code generators of the explorer; SHA-1 alone
 *    instead of the whole of crypto-js for ApiExplorer/storage-utils.
 *
 * 3. Server rendering of parameters, request body and responses. The theme's
 *    ParamsDetails, RequestSchema and ResponseSchema wrap their output in
 *    `@docusaurus/BrowserOnly`; for those three files only, it resolves to
 *    src/api-reference/ServerRendered.tsx, which renders its children everywhere.
 *
 * 4. One copy of react-redux and react-hook-form. The theme `require`s them, which
 *    resolves to their CommonJS builds; an `import` in the site's components would
 *    resolve to their ES builds: second copies with a second React context, in
 *    which the theme's store and form are not found. Both resolve to the
 *    CommonJS build everywhere.
 */
export default function apiWeightPlugin(context: LoadContext): Plugin<void> {
  const apiContentDir = path.join(context.siteDir, 'api') + path.sep;
  const siteThemeDir = path.join(context.siteDir, 'src', 'theme');
  const apiReferenceDir = path.join(context.siteDir, 'src', 'api-reference');
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
    name: 'api-weight',
    configureWebpack(config: Configuration, isServer: boolean) {
      const cacheGroups = config.optimization?.splitChunks ? config.optimization.splitChunks.cacheGroups : undefined;
      if (!isServer && cacheGroups) {
        const { common } = cacheGroups;
        if (common && typeof common === 'object' && !(common instanceof RegExp)) {
          // As before (async chunks), minus the API ones.
          common.chunks = (chunk: Chunk) => !chunk.canBeInitial() && !isApiChunk(chunk);
        }
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
      }

      const rules: RuleSetRule[] = [
        {
          // Each code generator of postman-code-generators ships its own lodash 4: one
          // copy instead of eight makes the explorer lighter to download and parse.
          test: /[\\/]node_modules[\\/]postman-code-generators[\\/]/,
          resolve: { alias: { lodash: path.dirname(require.resolve('lodash/package.json')) } },
        },
        {
          test: /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]storage-utils\.js$/,
          resolve: { alias: { 'crypto-js$': path.join(apiReferenceDir, 'crypto-js-sha1.ts') } },
        },
        {
          test: /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](ParamsDetails|RequestSchema|ResponseSchema)[\\/]index\.js$/,
          resolve: { alias: { '@docusaurus/BrowserOnly': path.join(apiReferenceDir, 'ServerRendered.tsx') } },
        },
      ];
      const alias = {
        'react-redux$': require.resolve('react-redux'),
        'react-hook-form$': require.resolve('react-hook-form'),
      };
      return { module: { rules }, resolve: { alias } };
    },
  };
}
