/**
 * Wraps the DocSearch SearchBar (the original spreads our props after its own):
 * - with the built-in search (no hosted DocSearch configured), it hands
 *   DocSearch the local client through `transformSearchClient`;
 * - in both modes, a search that cannot reach its index or service shows
 *   SPEC.md's network error texts (see src/search/networkError.ts);
 * - with the built-in search, it marks the page so that the "Powered by
 *   Algolia" credits are hidden (custom.css), and starts loading the index
 *   when the reader shows intent: the shortcut, or pointer or focus on the
 *   button (never on page load);
 * - keys typed right after the shortcut, while the modal loads, are kept
 *   (src/search/typeAhead.ts).
 */
import React, { useEffect, type ReactNode } from 'react';
import SearchBar from '@theme-original/SearchBar';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { browserSearchClient } from '@site/src/search/client';
import { isSearchErrorHit, withNetworkErrorResult } from '@site/src/search/networkError';
import { captureTypeAhead } from '@site/src/search/typeAhead';
import styles from './styles.module.css';

type Client = { search: (input: { requests: unknown[] } | unknown[]) => Promise<{ results: unknown[] }> };
type HitProps = { hit: { url: string }; children: ReactNode };
type SearchBarProps = {
  transformSearchClient: (client: Client) => Client;
  hitComponent: (props: HitProps) => React.JSX.Element;
};

function Hit({ hit, children }: HitProps): React.JSX.Element {
  if (isSearchErrorHit(hit)) return <div role="alert">{children}</div>;
  return <Link to={hit.url}>{children}</Link>;
}

export default function SearchBarWrapper(): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  const baseUrl = useBaseUrl('/');
  const local = (siteConfig.customFields?.searchMode ?? 'local') === 'local';
  const texts = {
    title: translate({ id: 'theme.SearchModal.errorScreen.titleText', message: 'Unable to fetch results' }),
    help: translate({ id: 'theme.SearchModal.errorScreen.helpText', message: 'You might want to check your network connection.' }),
  };
  const transform = (hosted: Client): Client =>
    withNetworkErrorResult(local ? (browserSearchClient(baseUrl) as unknown as Client) : hosted, texts, () => window.location.href);
  const warm = () => {
    if (local) browserSearchClient(baseUrl).warm();
  };
  useEffect(() => captureTypeAhead(document, warm), []); // eslint-disable-line react-hooks/exhaustive-deps
  // SearchBar's type says it takes no props; it does pass them on to DocSearch.
  const Bar = SearchBar as unknown as React.ComponentType<SearchBarProps>;
  return (
    <div className={styles.bar} onPointerEnter={warm} onFocus={warm} onTouchStart={warm}>
      {/* The built-in index is not Algolia's: custom.css hides "Powered by Algolia" for it. */}
      {local && (
        <Head>
          <html data-search="built-in" />
        </Head>
      )}
      <Bar transformSearchClient={transform} hitComponent={Hit} />
    </div>
  );
}
