/**
 * Wraps `ParamsDetails` of docusaurus-theme-openapi-docs 5.2: the original, hydrated when
 * the reader reaches for it (src/keptHtml/onIntent.tsx).
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import ParamsDetails from '@theme-original/ParamsDetails';
import OnIntent from '@site/src/keptHtml/onIntent';

export default function ParamsDetailsWrapper(props: ComponentProps<typeof ParamsDetails>): ReactNode {
  return (
    <OnIntent>
      <ParamsDetails {...props} />
    </OnIntent>
  );
}
