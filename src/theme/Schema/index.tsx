/**
 * Wraps `Schema` of docusaurus-theme-openapi-docs 5.2: the original, hydrated when
 * the reader reaches for it (src/keptHtml/onIntent.tsx).
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import Schema from '@theme-original/Schema';
import OnIntent from '@site/src/keptHtml/onIntent';

export default function SchemaWrapper(props: ComponentProps<typeof Schema>): ReactNode {
  return (
    <OnIntent>
      <Schema {...props} />
    </OnIntent>
  );
}
