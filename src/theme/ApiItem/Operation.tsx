/**
 * The operation page branch of `ApiItem` (see ./index.tsx), after
 * docusaurus-theme-openapi-docs 5.2.0 (lib/theme/ApiItem/index.js): the Redux
 * store that the parameter, body and response components share with the
 * explorer, the MDX on the left and the explorer column on the right.
 *
 * Differences from the original: the store is created once per page and also
 * during server rendering (so parameters, body and responses are in the HTML);
 * the explorer defaults to the sandbox server; the explorer column is a light
 * launcher that loads the explorer on demand (./ExplorerPanel); and a few
 * accessibility fixes apply to the content (./useA11yFixes).
 */
import React, { useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import clsx from 'clsx';
import { ungzip } from 'pako';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { createAuth } from '@theme/ApiExplorer/Authorization/slice';
import { createPersistenceMiddleware } from '@theme/ApiExplorer/persistenceMiddleware';
import { createStorage } from '@theme/ApiExplorer/storage-utils';
import { createStoreWithState } from '@theme/ApiItem/store';
import { SchemaExpansionProvider } from '@theme/SchemaExpansion';
import { brand } from '@site/src/brand';
import ExplorerPanel from './ExplorerPanel';
import { useA11yFixes } from './useA11yFixes';

// The theme's components are CommonJS and `require` react-redux, which resolves to
// its CommonJS build; an `import` would resolve to the ES build, a second copy
// with a second context, and the theme's hooks would not see this Provider.
const { Provider } = require('react-redux') as typeof import('react-redux');

type Server = { url: string; description?: string; variables?: object };
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; schema?: any; example?: unknown; examples?: any; value?: unknown };
export type ApiOperation = {
  method: string;
  servers?: Server[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown;
  securitySchemes?: unknown;
};
type ApiOptions = { authPersistence?: false | 'sessionStorage' | 'localStorage' };

function decodeApi(encoded: string): ApiOperation | undefined {
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(ungzip(bytes)));
  } catch {
    return undefined;
  }
}

const sameUrl = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/** The server the explorer starts with: the reader's last choice, else the sandbox. */
function initialServer(servers: Server[], storage: Storage): Server | undefined {
  try {
    const stored = JSON.parse(storage.getItem('server') ?? 'null') as Server | null;
    if (stored?.url && servers.some((s) => s.url === stored.url)) return stored;
  } catch {
    // ignore a malformed stored value
  }
  return (
    servers.find((s) => sameUrl(s.url, brand.sandboxApiUrl)) ??
    servers.find((s) => /sandbox/i.test(`${s.description ?? ''} ${s.url}`))
  );
}

/** The original's preloaded state; storage (last server, credentials) is read in the browser only. */
function createOperationStore(api: ApiOperation | undefined, options: ApiOptions | undefined) {
  const isBrowser = typeof window !== 'undefined';
  const persistence = isBrowser ? (options?.authPersistence ?? 'sessionStorage') : false;
  const accept = Object.entries(api?.responses ?? {})
    .filter(([code]) => /(20[0-9]|2[1-9][0-9])/.test(code))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  const contentTypes = Object.keys(api?.requestBody?.content ?? {});
  const servers = api?.servers ?? [];
  const params: Record<Parameter['in'], Parameter[]> = { path: [], query: [], header: [], cookie: [] };
  for (const param of api?.parameters ?? []) {
    const firstNamedExample =
      param.examples && typeof param.examples === 'object' ? (Object.values(param.examples)[0] as any)?.value : undefined;
    const prefill = param.schema?.default ?? param.example ?? param.schema?.example ?? firstNamedExample;
    params[param.in]?.push(prefill !== undefined ? { ...param, value: prefill } : param);
  }
  return createStoreWithState(
    {
      accept: { value: accept[0], options: accept },
      contentType: { value: contentTypes[0], options: contentTypes },
      server: { value: initialServer(servers, createStorage(persistence)), options: servers },
      response: { value: undefined },
      body: { type: 'empty' },
      params,
      auth: createAuth({
        security: api?.security,
        securitySchemes: api?.securitySchemes,
        options: { ...options, authPersistence: persistence },
      }),
      schemaSelection: { selections: {} },
      encodingSelection: {},
    },
    [createPersistenceMiddleware({ ...options, authPersistence: persistence })],
  );
}

export default function Operation({ content: MDXComponent }: { content: ComponentType & { frontMatter: any } }): ReactNode {
  const { frontMatter } = MDXComponent;
  const { siteConfig } = useDocusaurusContext();
  const options = (siteConfig.themeConfig as { api?: ApiOptions }).api;
  const api = useMemo(() => decodeApi(frontMatter.api), [frontMatter.api]);
  const store = useMemo(() => createOperationStore(api, options), [api, options]);
  const ref = useRef<HTMLDivElement>(null);
  useA11yFixes(ref);

  return (
    <Provider store={store}>
      <SchemaExpansionProvider>
        <div ref={ref} className={clsx('row', 'theme-api-markdown')}>
          <div className="col col--7 openapi-left-panel__container">
            <MDXComponent />
          </div>
          <div className="col col--5 openapi-right-panel__container">
            {api && <ExplorerPanel item={api} infoPath={frontMatter.info_path} />}
          </div>
        </div>
      </SchemaExpansionProvider>
    </Provider>
  );
}
