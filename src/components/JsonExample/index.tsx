import React, { useState } from 'react';
import CodeBlock from '@theme/CodeBlock';
import PlainCode from '@site/src/components/PlainCode';
import styles from './styles.module.css';

type Props = {
  /** The example, read from the OpenAPI document at build time (remark-openapi-facts). */
  facts: unknown;
  title?: string;
};

/** Examples longer than this many lines are collapsed: the reader opens the ones they need. */
const COLLAPSE_AFTER_LINES = 30;

/**
 * A JSON example of the OpenAPI document, as a highlighted code block. A long
 * one is collapsed, with its text in the page as plain code (for search, the
 * Markdown twin and readers without JavaScript) and highlighted once opened.
 */
export default function JsonExample({ facts, title }: Props): React.JSX.Element {
  const json = JSON.stringify(facts, null, 2);
  const lines = json.split('\n').length;
  const [open, setOpen] = useState(false);
  if (lines <= COLLAPSE_AFTER_LINES) {
    return (
      <CodeBlock language="json" title={title}>
        {json}
      </CodeBlock>
    );
  }
  return (
    <details className={styles.example} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {title ?? 'JSON example'} ({lines} lines)
      </summary>
      {open ? (
        <CodeBlock language="json" title={title}>
          {json}
        </CodeBlock>
      ) : (
        <PlainCode language="json" code={json} />
      )}
    </details>
  );
}
