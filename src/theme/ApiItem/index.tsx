/**
 * Wraps `ApiItem` of docusaurus-theme-openapi-docs 5.2 (lib/theme/ApiItem),
 * the page component of every API Reference page. The page itself is the
 * original's; this wrapper adds the API Reference's stylesheet
 * (src/api-reference/styles.ts), linked by API pages only, in the body: after
 * the site's stylesheet in the cascade, as the theme's styles were when they
 * loaded on every page.
 *
 * The accessibility fixes of the theme's markup are in its patch
 * (patches/docusaurus-theme-openapi-docs+*.patch) and src/css/api.css, so
 * the server's HTML is already right.
 *
 * The weight of the page is kept down elsewhere, without copying the original:
 * the explorer loads on demand (src/theme/ApiExplorer), parameters and
 * schemas render on the server (src/api-reference/browser/ServerRendered.tsx), and
 * the theme's modules are split off the guides' bundles (src/api-reference/chunks.ts).
 */
import React, { type ReactNode } from 'react';
import ApiItem from '@theme-original/ApiItem';
import type { Props } from '@theme/DocItem';
import { usePluginData } from '@docusaurus/useGlobalData';
import type { ApiStylesData } from '@site/src/api-reference/styles';

export default function ApiItemWrapper(props: Props): ReactNode {
  const { href } = usePluginData('api-styles') as ApiStylesData;
  return (
    <>
      <link rel="stylesheet" href={href} />
      <ApiItem {...props} />
    </>
  );
}
