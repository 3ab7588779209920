/**
 * Wraps `ApiExplorer/MethodEndpoint` of docusaurus-theme-openapi-docs 5.2:
 * the method and URL under an operation page's title. The original renders the
 * path alone on the server and adds the explorer's server URL in the browser
 * after hydration, so the line grew (on a phone it wrapped onto a second line)
 * and moved everything below it (CLS 0.074); and the explorer's server is the
 * local sandbox, where "Try it" sends (docusaurus.config.ts, `api.explorerServers`).
 *
 * The theme's patch (patches/docusaurus-theme-openapi-docs+*.patch) adds a
 * `serverUrl` prop, shown before the path on the server and in the browser; this
 * wrapper passes the documented sandbox's URL (src/brand.ts), the one the
 * guides' samples call. tests/e2e/hydration.spec.ts checks that an operation
 * page does not shift.
 */
import React, { type ReactNode } from 'react';
import MethodEndpoint, { type Props } from '@theme-original/ApiExplorer/MethodEndpoint';
import { brand } from '@site/src/brand';

export default function MethodEndpointWrapper(props: Props): ReactNode {
  return <MethodEndpoint {...props} serverUrl={brand.sandboxApiUrl.replace(/\/$/, '')} />;
}
