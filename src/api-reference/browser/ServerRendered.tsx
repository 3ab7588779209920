/**
 * Stands in for `@docusaurus/BrowserOnly` inside three components of
 * docusaurus-theme-openapi-docs 5.2 — ParamsDetails, RequestSchema and
 * ResponseSchema — through a webpack alias scoped to those files
 * (src/api-reference/vendor-aliases.ts). The originals wrap their whole output in
 * BrowserOnly, so the built HTML only had skeletons where the parameters,
 * request body and responses belong. Their content does not depend on the
 * browser (they read the page's data from their props, not from the
 * explorer's store), so it is rendered everywhere.
 */
import React, { type ReactNode } from 'react';

export default function ServerRendered({ children }: { children?: () => ReactNode; fallback?: ReactNode }): ReactNode {
  return <>{children?.()}</>;
}
