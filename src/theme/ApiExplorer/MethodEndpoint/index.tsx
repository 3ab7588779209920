/**
 * Wraps `ApiExplorer/MethodEndpoint` of docusaurus-theme-openapi-docs 5.2:
 * the method and URL under an operation page's title. The original renders the
 * path alone on the server and adds the chosen server's URL in the browser
 * after hydration, so the line grew (on a phone it wrapped onto a second line)
 * and moved everything below it: the page's layout shift (CLS 0.074).
 *
 * The theme's patch (patches/docusaurus-theme-openapi-docs+*.patch) adds a
 * `defaultServerUrl` prop, shown until the explorer's store has a server; this
 * wrapper passes the URL a new reader sees: the sandbox's (src/brand.ts), the
 * server the API Reference starts with (src/theme/ApiExplorer). The server's
 * HTML then holds the whole URL, and the line changes only when the reader
 * chooses another server. tests/e2e/api-reference.spec.ts checks that an
 * operation page does not shift.
 */
import React, { type ReactNode } from 'react';
import MethodEndpoint, { type Props } from '@theme-original/ApiExplorer/MethodEndpoint';
import { brand } from '@site/src/brand';

export default function MethodEndpointWrapper(props: Props): ReactNode {
  return <MethodEndpoint {...props} defaultServerUrl={brand.sandboxApiUrl.replace(/\/$/, '')} />;
}
