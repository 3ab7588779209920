/**
 * Wraps `CodeBlock/Content` of @docusaurus/theme-classic 3.10: the <pre> of
 * every code block (Markdown code fences, request samples, JSON examples), which
 * prism-react-renderer tokenizes when it renders.
 *
 * Code is highlighted once, when the site is built. In the browser, a block
 * whose highlighted HTML is already in the page (the server's, while the page
 * hydrates; the same block's, when Docusaurus's tabs remount their content
 * right after hydration) keeps that HTML (src/keptHtml/index.tsx): hydration runs no
 * Prism and creates no React element per token. A block that is not in the
 * page yet (after a client-side navigation, a tab or an example the reader
 * opens) renders as the original does. The buttons (copy, word wrap) stay the
 * original's: they read the code from the block's context, not from the page.
 * tests/e2e/hydration.spec.ts fails if hydration runs Prism's tokenizer again.
 */
import React, { useLayoutEffect, useRef, type ReactNode } from 'react';
import Content from '@theme-original/CodeBlock/Content';
import type { Props } from '@theme/CodeBlock/Content';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { fingerprintOf, KeptHtml, useKeptHtml } from '@site/src/keptHtml';

export default function CodeBlockContent(props: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  // Everything the original's output depends on (the Prism theme is the site's one).
  const fingerprint = fingerprintOf(
    JSON.stringify([metadata.language, metadata.code, metadata.lineClassNames, metadata.lineNumbersStart, props.className]),
  );
  const html = useKeptHtml('code-kept', fingerprint);
  const ref = useRef<HTMLDivElement>(null);
  const { codeBlockRef } = wordWrap;
  useLayoutEffect(() => {
    // The word-wrap button finds the block through this ref, which the original sets on its <pre>.
    if (html !== undefined) codeBlockRef.current = ref.current?.querySelector('pre') ?? null;
  }, [html, codeBlockRef]);
  return (
    <KeptHtml className="code-kept" fingerprint={fingerprint} html={html} divRef={ref}>
      <Content {...props} />
    </KeptHtml>
  );
}
