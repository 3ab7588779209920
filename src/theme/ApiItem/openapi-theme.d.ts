/**
 * Types for the docusaurus-theme-openapi-docs 5.2.0 modules that the API Reference
 * components in src/theme (ApiItem, ApiExplorer, Markdown) import. The theme ships
 * its sources but no module declarations for its `@theme/*` aliases; only what is
 * used is typed here. Also the webpack module API that src/theme/Markdown uses
 * (`require.resolveWeak`, as in Docusaurus's route registry).
 */
declare namespace NodeJS {
  interface Require {
    resolveWeak(request: string): string | number;
  }
}
declare function __webpack_require__(moduleId: string | number): unknown;

declare module '@theme/ApiItem/Layout' {
  import type { ReactNode } from 'react';

  export default function ApiItemLayout(props: { children: ReactNode }): ReactNode;
}

declare module '@theme/ApiItem/store' {
  import type { Middleware, Store } from '@reduxjs/toolkit';

  export function createStoreWithState(preloadedState: object, middlewares: Middleware[]): Store;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  export function createAuth(args: { security?: unknown; securitySchemes?: unknown; options?: unknown }): object;
}

declare module '@theme/ApiExplorer/persistenceMiddleware' {
  import type { Middleware } from '@reduxjs/toolkit';

  export function createPersistenceMiddleware(options?: unknown): Middleware;
}

declare module '@theme/ApiExplorer/storage-utils' {
  export function hashArray(arr: string[]): string;
  export function createStorage(persistence?: false | 'sessionStorage' | 'localStorage'): Storage;
}

declare module '@theme/ApiExplorer' {
  import type { ReactNode } from 'react';

  export default function ApiExplorer(props: { item: unknown; infoPath?: string }): ReactNode;
}

declare module '@theme/SchemaExpansion' {
  import type { ReactNode } from 'react';

  export function SchemaExpansionProvider(props: { children: ReactNode }): ReactNode;
}

declare module '@theme/SkeletonLoader' {
  import type { ReactNode } from 'react';

  export default function SkeletonLoader(props: { size?: 'sm' | 'md' | 'lg' }): ReactNode;
}

declare module 'crypto-js/sha1' {
  export default function SHA1(message: string): { toString(): string };
}
