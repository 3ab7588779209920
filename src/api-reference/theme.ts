/**
 * docusaurus-theme-openapi-docs 5.2, with its stylesheet scoped to the API
 * Reference. The theme adds `lib/theme/styles.scss` as a client module, which
 * puts its CSS (26.9 KB gzip, compiled compressed with sass 1.108) on every page
 * of the site, guides and help centre included. This wrapper keeps everything
 * else of the theme and drops that client module; src/api-reference/styles.ts
 * compiles the same stylesheet into a file that only the API pages link. The
 * build fails when the theme's client modules are not exactly that stylesheet,
 * so an upgrade is reviewed here.
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import openapiTheme from 'docusaurus-theme-openapi-docs';

export const OPENAPI_THEME_STYLES = 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';

/** The theme without its one client module, the stylesheet; throws when its client modules are anything else. */
export function withoutThemeStyles(theme: Plugin<void>, expected: string): Plugin<void> {
  const modules = theme.getClientModules?.() ?? [];
  if (modules.length !== 1 || modules[0] !== expected) {
    throw new Error(
      `api-reference theme: docusaurus-theme-openapi-docs now adds the client modules ${JSON.stringify(modules)}; ` +
        `expected only ${expected}. Review src/api-reference/theme.ts.`,
    );
  }
  return { ...theme, getClientModules: () => [] };
}

export default function openapiScopedTheme(context: LoadContext, options: unknown): Plugin<void> {
  const theme = (openapiTheme as unknown as (c: LoadContext, o: unknown) => Plugin<void>)(context, options);
  return withoutThemeStyles(theme, require.resolve(OPENAPI_THEME_STYLES));
}
