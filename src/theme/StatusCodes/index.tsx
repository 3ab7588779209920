/**
 * Wraps `StatusCodes` of docusaurus-theme-openapi-docs 5.2: the original, hydrated when
 * the reader reaches for it (src/keptHtml/onIntent.tsx).
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import StatusCodes from '@theme-original/StatusCodes';
import OnIntent from '@site/src/keptHtml/onIntent';

export default function StatusCodesWrapper(props: ComponentProps<typeof StatusCodes>): ReactNode {
  return (
    <OnIntent>
      <StatusCodes {...props} />
    </OnIntent>
  );
}
