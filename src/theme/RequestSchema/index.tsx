/**
 * Wraps `RequestSchema` of docusaurus-theme-openapi-docs 5.2: the original, hydrated when
 * the reader reaches for it (src/keptHtml/onIntent.tsx).
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import RequestSchema from '@theme-original/RequestSchema';
import OnIntent from '@site/src/keptHtml/onIntent';

export default function RequestSchemaWrapper(props: ComponentProps<typeof RequestSchema>): ReactNode {
  return (
    <OnIntent>
      <RequestSchema {...props} />
    </OnIntent>
  );
}
