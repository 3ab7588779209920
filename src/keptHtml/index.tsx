/**
 * Server HTML kept in the browser: the one home of the trick that spares the
 * browser re-rendering what the build already rendered (src/theme/Markdown for
 * the API descriptions, src/theme/CodeBlock/Content for highlighted code,
 * src/theme/DocSidebar/Desktop for the sidebar a phone hides, and ./onIntent.tsx
 * for the API schema viewer, kept until the reader reaches for it).
 *
 * A component renders its output inside `<KeptHtml>`, which marks it with the
 * component's class and a fingerprint of its input (`data-fingerprint`). When the
 * browser renders the component while that output is already in the page (the
 * server's HTML during hydration, or the instance being replaced when
 * Docusaurus's tabs remount their content right after it), `useKeptHtml` finds
 * that HTML and `<KeptHtml>` takes it back instead of rendering again: React
 * keeps the children of an element rendered with `dangerouslySetInnerHTML` as
 * they are while hydrating, and sets them only on a fresh mount. The wrapper
 * has no box of its own (`.kept-html` in src/css/custom.css).
 */
import React, { useState, type ReactNode, type Ref } from 'react';

/** A short fingerprint of a component's input, stored with its rendered HTML. */
export function fingerprintOf(source = ''): string {
  let hash = 5381;
  for (let i = 0; i < source.length; i += 1) hash = ((hash << 5) + hash + source.charCodeAt(i)) | 0;
  return `${source.length.toString(36)}.${(hash >>> 0).toString(36)}`;
}

/**
 * The HTML of a marked `<KeptHtml>` with this class and fingerprint already in the
 * page when the component first renders, or undefined (on the server, when there
 * is none, or when `wanted` is false: render as usual).
 */
export function useKeptHtml(className: string, fingerprint: string, wanted = true): string | undefined {
  const [html] = useState(() =>
    wanted && typeof document !== 'undefined'
      ? document.querySelector(`.${className}[data-kept][data-fingerprint="${CSS.escape(fingerprint)}"]`)?.innerHTML
      : undefined,
  );
  return html;
}

type Props = {
  className: string;
  /** The fingerprint of the component's input (fingerprintOf), or another key the server and browser agree on (a `useId`). */
  fingerprint: string;
  /** What useKeptHtml found: shown as it is, instead of the children. */
  html: string | undefined;
  /** Whether later renders may take this output back (false while it may still be incomplete, e.g. loading). */
  mark?: boolean;
  divRef?: Ref<HTMLDivElement>;
  children?: ReactNode;
};

export function KeptHtml({ className, fingerprint, html, mark = true, divRef, children }: Props): ReactNode {
  const marker = { ref: divRef, className: `kept-html ${className}`, 'data-fingerprint': fingerprint, 'data-kept': mark ? '' : undefined };
  if (html !== undefined) return <div {...marker} data-kept="" dangerouslySetInnerHTML={{ __html: html }} />;
  return <div {...marker}>{children}</div>;
}
