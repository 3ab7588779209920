/**
 * Types for the docusaurus-theme-openapi-docs 5.2 modules that the site's API
 * Reference code imports. The theme ships its sources but no module declarations
 * for its `@theme/*` aliases; only what is used is typed here. Also the webpack
 * module API that src/theme/Markdown uses (`require.resolveWeak`, as in
 * Docusaurus's route registry).
 */
declare namespace NodeJS {
  interface Require {
    resolveWeak(request: string): string | number;
  }
}
declare function __webpack_require__(moduleId: string | number): unknown;

declare module '@theme-original/ApiItem' {
  import type { ReactNode } from 'react';
  import type { Props } from '@theme/DocItem';

  export default function ApiItem(props: Props): ReactNode;
}

declare module '@theme-original/ApiExplorer' {
  import type { ReactNode } from 'react';

  export default function ApiExplorer(props: { item: unknown; infoPath?: string }): ReactNode;
}

declare module '@theme/ApiExplorer/Server/slice' {
  import type { UnknownAction } from '@reduxjs/toolkit';

  /** The payload is the server object as JSON. */
  export function setServer(server: string): UnknownAction;
}

declare module '@theme/SkeletonLoader' {
  import type { ReactNode } from 'react';

  export default function SkeletonLoader(props: { size?: 'sm' | 'md' | 'lg' }): ReactNode;
}

declare module 'crypto-js/sha1' {
  export default function SHA1(message: string): { toString(): string };
}

declare module '@theme-original/ApiExplorer/MethodEndpoint' {
  import type { ReactNode } from 'react';

  export type Props = { method: string; path: string; context?: 'endpoint' | 'callback'; serverUrl?: string };
  export default function MethodEndpoint(props: Props): ReactNode;
}

declare module '@theme-original/ParamsDetails' {
  import type { ReactNode } from 'react';

  /** Its props are the generated page's; the wrapper passes them on as they are. */
  export default function ParamsDetails(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-original/RequestSchema' {
  import type { ReactNode } from 'react';

  /** Its props are the generated page's; the wrapper passes them on as they are. */
  export default function RequestSchema(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-original/StatusCodes' {
  import type { ReactNode } from 'react';

  /** Its props are the generated page's; the wrapper passes them on as they are. */
  export default function StatusCodes(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-original/Schema' {
  import type { ReactNode } from 'react';

  /** Its props are the generated page's; the wrapper passes them on as they are. */
  export default function Schema(props: Record<string, unknown>): ReactNode;
}
