/**
 * Both search modes: DocSearch's modal stylesheet loads with the modal, not
 * with every page.
 *
 * @docusaurus/theme-search-algolia 3.10 imports `@docsearch/react/style`
 * (that is `@docsearch/css` 4.7: its variables, the button and the modal)
 * lazily, with the modal's code. But Docusaurus puts every CSS module into the
 * one `styles` chunk that every page links (its `styles` cache group, see
 * https://github.com/facebook/docusaurus/issues/2006), so the modal's rules
 * (about 4.8 KB gzip) were on every page. Here:
 * - `@docsearch/css` resolves to src/search/docsearch.css, which imports the
 *   same three files of the package one by one, in the package's order;
 * - the cache group below moves the modal's file alone into an async CSS chunk,
 *   which the runtime links when the modal's code loads (same origin: the CSP's
 *   style-src 'self' allows it). The variables and the button stay in the page
 *   stylesheet, in the order they had.
 * If the package drops or renames one of those files, the build fails (module
 * not found); tests/e2e/search.spec.ts checks that pages do not link the
 * modal's rules and that the opened modal is styled.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import type { Configuration } from 'webpack';

const MODAL_CSS = /[\\/]node_modules[\\/]@docsearch[\\/]css[\\/]dist[\\/]modal\.css$/;

export default function searchModalStylesPlugin(): Plugin<void> {
  return {
    name: 'search-modal-styles',
    configureWebpack(config: Configuration, isServer: boolean) {
      const alias = { '@docsearch/css$': path.resolve(__dirname, '../search/docsearch.css') };
      const cacheGroups = config.optimization?.splitChunks ? config.optimization.splitChunks.cacheGroups : undefined;
      if (isServer || !cacheGroups) return { resolve: { alias } };
      if (!cacheGroups.styles)
        throw new Error('search-modal-styles: Docusaurus no longer has its `styles` cache group; review this plugin');
      cacheGroups.docsearchModalStyles = {
        name: 'docsearch-modal',
        type: 'css/mini-extract',
        test: MODAL_CSS,
        chunks: 'async',
        enforce: true,
        // Above Docusaurus' `styles` group (50), which would put it in the page stylesheet.
        priority: 60,
      };
      return { resolve: { alias } };
    },
  };
}
