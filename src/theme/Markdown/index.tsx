/**
 * Wraps `Markdown` of docusaurus-theme-openapi-docs 5.2, which renders the
 * descriptions of parameters, fields and responses with react-markdown,
 * remark-gfm and rehype-raw: ~110 KB gzip, the largest part of an operation
 * page. The browser now downloads it only when it has to render Markdown itself:
 * - on the server, the original renders as before (there webpack loads its
 *   chunk synchronously, with `require`, as soon as it is imported);
 * - while the browser hydrates the server's HTML, that HTML is kept as it is
 *   (read back from the page, and checked against a fingerprint of its source:
 *   src/keptHtml/index.tsx),
 *   so the original is not needed; the same when the theme's tabs remount
 *   their content right after hydration;
 * - Markdown that the page does not show yet (after a client-side navigation,
 *   in a tab opened by the reader, in the explorer) loads the original on demand.
 * The output is the original's, inside src/keptHtml/index.tsx's wrapper (no box of its own). Kept as
 * server HTML, a code block inside a description would lose its copy button
 * until the page is revisited client-side; the descriptions of v2.0 have none.
 */
import React, { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { fingerprintOf, KeptHtml, useKeptHtml } from '@site/src/keptHtml';

type MarkdownProps = { children?: string };
type MarkdownModule = { default: ComponentType<MarkdownProps> };

const loadOriginal = () => import(/* webpackChunkName: "api-markdown" */ '@theme-original/Markdown') as Promise<MarkdownModule>;
const LazyOriginal = lazy(loadOriginal);

/** The original, synchronously: only on the server, where `import()` installs the chunk at once. */
function serverOriginal(): ComponentType<MarkdownProps> {
  void loadOriginal();
  // eslint-disable-next-line no-restricted-globals -- webpack's require.resolveWeak, compiled away: no Node global runs
  return (__webpack_require__(require.resolveWeak('@theme-original/Markdown')) as MarkdownModule).default;
}

export default function Markdown({ children }: MarkdownProps): ReactNode {
  const fingerprint = fingerprintOf(children);
  // HTML already in the page for the same source (the rendering depends on the
  // source only): the server's while hydrating, or the one of an instance that
  // is being replaced, e.g. when the theme's tabs remount their content.
  const html = useKeptHtml('api-markdown', fingerprint);

  if (typeof window === 'undefined') {
    const Original = serverOriginal();
    return (
      <KeptHtml className="api-markdown" fingerprint={fingerprint} html={undefined}>
        {/* eslint-disable-next-line react-hooks/static-components -- the module's export: the same component on every render */}
        <Original>{children}</Original>
      </KeptHtml>
    );
  }
  // Rendered here, the original loads first: not marked, so that nothing takes back an empty wrapper.
  return (
    <KeptHtml className="api-markdown" fingerprint={fingerprint} html={html} mark={false}>
      <Suspense fallback={null}>
        <LazyOriginal>{children}</LazyOriginal>
      </Suspense>
    </KeptHtml>
  );
}
