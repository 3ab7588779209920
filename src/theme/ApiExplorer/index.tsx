/**
 * Wraps `ApiExplorer` of docusaurus-theme-openapi-docs 5.2, the right-hand
 * column of an operation page (code samples, "Try it" request form, response).
 * The original brings postman-collection (with its faker and MIME database) and
 * postman-code-generators, ~1.7 MB gzip, and the theme's ApiItem imports it
 * statically. In its place this wrapper shows a light launcher, and loads the
 * original only when a reader opens a code sample or "Try it" (hovering or
 * focusing the launcher starts the download a little earlier). Once opened,
 * later operation pages of the visit open the explorer directly.
 *
 * It also starts the explorer on its one server, the local sandbox (the site
 * makes no call to the product API).
 */
import React, { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useStorageSlot } from '@docusaurus/theme-common';
import SkeletonLoader from '@theme/SkeletonLoader';
import { setServer } from '@theme/ApiExplorer/Server/slice';
import { brand } from '@site/src/brand';

const loadExplorer = () => import(/* webpackChunkName: "api-explorer" */ '@theme-original/ApiExplorer');
const ApiExplorer = lazy(loadExplorer);

/** A few of the explorer's languages (postman-code-generators keys); the explorer lists all. */
const LANGUAGES: ReadonlyArray<readonly [key: string, label: string]> = [
  ['curl', 'cURL'],
  ['python', 'Python'],
  ['nodejs', 'Node.js'],
  ['go', 'Go'],
  ['php', 'PHP'],
  ['java', 'Java'],
  ['csharp', 'C#'],
  ['ruby', 'Ruby'],
];

/** The storage slot of the explorer's language tabs (`<CodeTabs groupId="code-samples">`). */
const LANGUAGE_SLOT = 'docusaurus.tab.code-samples';

/** The operation, as the theme's ApiItem passes it (decoded from the page's front matter). */
type ApiOperation = { method: string };
type Server = { url: string; description?: string };
type ServerState = { server: { value?: Server; options: Server[] } };

const sameUrl = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/**
 * Starts the explorer on the local sandbox, its one server (docusaurus.config.ts, `api.explorerServers`), when
 * the reader has none chosen (the theme starts with none).
 */
function useLocalSandboxByDefault(): void {
  const store = useStore<ServerState>();
  const dispatch = useDispatch();
  useEffect(() => {
    const { value, options } = store.getState().server;
    if (value && options.some((s) => s.url === value.url)) return;
    // The document's servers are the brand's (tests/unit/openapi-document.test.ts).
    const local = options.find((s) => sameUrl(s.url, brand.localSandboxApiUrl));
    if (local) dispatch(setServer(JSON.stringify(local)));
  }, [store, dispatch]);
}

type Target = 'samples' | 'try';
let openedDuringVisit = false;

const FOCUS_TARGET: Record<Target, string> = {
  // The chosen language tab.
  samples: '[role="tab"][aria-selected="true"]',
  // The first control of the request form.
  try: '.openapi-explorer__request-form :is(button, input, select, textarea, [tabindex="0"])',
};

/**
 * When the reader opened it here, moves focus into the explorer once its part has
 * rendered: the chosen language tab, or the request form.
 */
function OpenedExplorer({ target, moveFocus, children }: { target: Target; moveFocus: boolean; children: ReactNode }): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || !moveFocus) return undefined;
    const focus = () => {
      const element = root.querySelector<HTMLElement>(FOCUS_TARGET[target]);
      if (!element) return false;
      element.scrollIntoView({ block: 'nearest' });
      element.focus({ preventScroll: true });
      return true;
    };
    if (focus()) return undefined;
    const observer = new MutationObserver(() => focus() && observer.disconnect());
    observer.observe(root, { childList: true, subtree: true });
    const timeout = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timeout);
    };
  }, [target, moveFocus]);
  return (
    <div ref={ref} className="api-explorer-loaded" data-explorer-target={target}>
      {children}
    </div>
  );
}

export default function ApiExplorerWrapper({ item, infoPath }: { item: ApiOperation; infoPath?: string }): ReactNode {
  useLocalSandboxByDefault();
  const [opened, setOpened] = useState<{ target: Target; moveFocus: boolean } | null>(() =>
    openedDuringVisit ? { target: 'samples', moveFocus: false } : null,
  );
  const [language, languageSlot] = useStorageSlot(LANGUAGE_SLOT);
  const titleId = useId();
  const isEvent = item.method === 'event';

  const open = (next: Target, chosen?: string) => {
    // "Try it" shows cURL unless the reader picked a language before.
    if (chosen ?? !language) languageSlot.set(chosen ?? 'curl');
    // eslint-disable-next-line react-hooks/globals -- set in a click handler, never while rendering: later pages of the visit open the explorer directly
    openedDuringVisit = true;
    setOpened({ target: next, moveFocus: true });
  };
  const preload = () => void loadExplorer().catch(() => undefined);

  if (opened) {
    return (
      <Suspense fallback={<SkeletonLoader size="lg" />}>
        <OpenedExplorer {...opened}>
          <ApiExplorer item={item} infoPath={infoPath} />
        </OpenedExplorer>
      </Suspense>
    );
  }

  return (
    <section className="api-launcher" aria-labelledby={titleId} onPointerEnter={preload} onFocus={preload}>
      {/* eslint-disable-next-line @docusaurus/prefer-docusaurus-heading -- the title of a widget, not a section of the article: no anchor link */}
      <h2 id={titleId} className="api-launcher__title">
        {isEvent ? 'Try it' : 'Request samples'}
      </h2>
      <p className="api-launcher__text">
        {isEvent
          ? 'Build this webhook request and send it from your browser.'
          : 'Code samples for the sandbox server, and a form to send the request from your browser.'}
      </p>
      {!isEvent && (
        <ul className="api-launcher__languages" aria-label="Code sample languages">
          {LANGUAGES.map(([key, label]) => (
            <li key={key}>
              <button type="button" className="button button--sm button--outline button--primary" onClick={() => open('samples', key)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--primary api-launcher__try" onClick={() => open('try')}>
        Try it
      </button>
    </section>
  );
}
