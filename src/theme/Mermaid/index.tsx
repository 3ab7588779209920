/**
 * Wraps the Mermaid diagram of @docusaurus/theme-mermaid: the diagram renders
 * in the browser only, so its source also goes into the page as a hidden
 * `<pre>`, from which the page's Markdown twin takes it as a `mermaid` code
 * block (src/markdown/htmlToMarkdown.ts). Hidden: readers and search see the
 * diagram, not its source.
 */
import React from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

export default function MermaidWrapper(props: Props): React.JSX.Element {
  return (
    <>
      <Mermaid {...props} />
      <pre hidden className="language-mermaid">
        <code>{props.value}</code>
      </pre>
    </>
  );
}
