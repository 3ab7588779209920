import React from 'react';
import CodeBlock from '@theme/CodeBlock';

type Props = {
  /** The example, read from the OpenAPI document at build time (remark-openapi-facts). */
  facts: unknown;
  title?: string;
};

/** A JSON example of the OpenAPI document, as a highlighted code block. */
export default function JsonExample({ facts, title }: Props): React.JSX.Element {
  return (
    <CodeBlock language="json" title={title}>
      {JSON.stringify(facts, null, 2)}
    </CodeBlock>
  );
}
