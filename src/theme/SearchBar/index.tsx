/**
 * Wraps the DocSearch SearchBar (the original spreads our props after its own):
 * - with the built-in search (no hosted DocSearch configured), it hands
 *   DocSearch the local client through `transformSearchClient`, and leaves out
 *   the theme's preconnect link to Algolia (`preconnect`, added by
 *   patches/@docusaurus+theme-search-algolia+*.patch): the built-in search
 *   never talks to Algolia. Hosted search keeps the link;
 * - in both modes, a failed search shows an alert entry instead of "No results
 *   for": the network texts of the specification when the service could not be reached,
 *   "Search is unavailable" when it answered with an error (see
 *   src/search/networkError.ts). The entry is not a link and cannot be selected;
 * - with the built-in search, it marks the page so that the "Powered by
 *   Algolia" credits are hidden (custom.css), and starts the search worker
 *   (src/search/browserClient.ts), which fetches the index and builds the
 *   engine off the main thread: once the page has loaded and the browser is
 *   idle, or sooner when the reader shows intent (the shortcut, or pointer or
 *   focus on the button); never before the load event;
 * - in both modes, the modal's code (DocSearch's, which the theme imports on the
 *   first open) loads on the first sign of intent: Ctrl or Meta going down or
 *   `/` (src/search/typeAhead.ts), the pointer, a touch or focus on the button
 *   (the theme's own preload). Not at idle: its evaluation is one task of
 *   about 150 ms on a phone, which a tap landing then would wait for;
 * - keys typed right after the shortcut, while the modal loads, are kept
 *   (src/search/typeAhead.ts); with the built-in search the modal opens as a
 *   React transition (`openInTransition`, added by the same patch), so those
 *   keys are handled between the slices of its first render;
 * - in both modes, the engine's first three hits come first, then the best two
 *   of each docs set not among them, then each set's others under "More in"
 *   the set (`transformItems`, src/search/modalGroups.ts), with the theme's
 *   own URL processing;
 * - hits are Docusaurus links: they load their page on hover or touch, not
 *   when they come into view (patches/@docusaurus+core+*.patch), so the
 *   20 hits each key renders start no prefetch.
 */
import React, { useEffect, type ReactNode } from 'react';
import SearchBar from '@theme-original/SearchBar';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { useSearchResultUrlProcessor } from '@docusaurus/theme-search-algolia/client';
import { browserSearchClient, warmWhenIdle } from '@site/src/search/browserClient';
import { modalGroups } from '@site/src/search/modalGroups';
import { ERROR_ENTRY_ATTRIBUTE, guardErrorEntry, isSearchErrorHit, withSearchErrorResult } from '@site/src/search/networkError';
import { captureTypeAhead, onShortcutIntent } from '@site/src/search/typeAhead';
import type { SearchInput } from '@site/src/search/clientShape';
import styles from './styles.module.css';

type Client = { search: (input: SearchInput) => Promise<{ results: unknown[] }> };
type HitProps = { hit: { url: string; hierarchy: { lvl0: string | null } }; children: ReactNode };
/** A hit as DocSearch groups it: by the highlighted docs set when there is one, else by the plain one. */
type Item = HitProps['hit'] & { _highlightResult?: { hierarchy?: { lvl0?: { value: string } } } };
type SearchBarProps = {
  transformSearchClient: (client: Client) => Client;
  transformItems: (items: Item[]) => Item[];
  hitComponent: (props: HitProps) => React.JSX.Element;
  preconnect: boolean;
  openInTransition: boolean;
};

function Hit({ hit, children }: HitProps): React.JSX.Element {
  if (isSearchErrorHit(hit)) {
    // DocSearch shows the title (lvl0) as the heading of the group, outside this entry: the alert repeats it
    // for screen readers, so that it announces both texts.
    return (
      <div role="alert" className={styles.errorEntry} {...{ [ERROR_ENTRY_ATTRIBUTE]: '' }}>
        <span className="DocSearch-VisuallyHiddenForAccessibility">{hit.hierarchy.lvl0}</span>
        {children}
      </div>
    );
  }
  return <Link to={hit.url}>{children}</Link>;
}

export default function SearchBarWrapper(): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  const baseUrl = useBaseUrl('/');
  const local = (siteConfig.customFields?.searchMode ?? 'local') === 'local';
  const texts = {
    network: {
      title: translate({ id: 'theme.SearchModal.errorScreen.titleText', message: 'Unable to fetch results' }),
      help: translate({ id: 'theme.SearchModal.errorScreen.helpText', message: 'You might want to check your network connection.' }),
    },
    unavailable: {
      title: translate({ id: 'search.unavailable.title', message: 'Search is unavailable' }),
      help: translate({ id: 'search.unavailable.help', message: 'Search cannot answer right now. Please try again later.' }),
    },
  };
  const processUrl = useSearchResultUrlProcessor();
  const transformItems = (items: Item[]) =>
    modalGroups(
      items.map((item) => ({ ...item, url: processUrl(item.url) })),
      (item) => item.hierarchy.lvl0 ?? '',
      (item, set) => {
        const lvl0 = translate({ id: 'search.moreIn', message: 'More in {set}' }, { set });
        const highlighted = item._highlightResult?.hierarchy?.lvl0;
        return {
          ...item,
          hierarchy: { ...item.hierarchy, lvl0 },
          ...(highlighted && {
            _highlightResult: {
              ...item._highlightResult,
              hierarchy: { ...item._highlightResult?.hierarchy, lvl0: { ...highlighted, value: lvl0 } },
            },
          }),
        };
      },
    );
  const transform = (hosted: Client): Client =>
    withSearchErrorResult(local ? (browserSearchClient(baseUrl) as unknown as Client) : hosted, texts, () => window.location.href);
  const warm = () => {
    if (local) browserSearchClient(baseUrl).warm();
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, from mount: warm reads only the site config and base URL, fixed for the page's life
  useEffect(() => captureTypeAhead(document, warm), []);
  useEffect(() => {
    if (!local) return undefined;
    return warmWhenIdle(warm);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: local and warm come from the site config and base URL, fixed for the page's life
  }, []);
  useEffect(() => onShortcutIntent(document, () => void import('@docsearch/react/modal').catch(() => {})), []);
  useEffect(() => guardErrorEntry(document), []);
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
      <Bar
        transformSearchClient={transform}
        transformItems={transformItems}
        hitComponent={Hit}
        preconnect={!local}
        openInTransition={local}
      />
    </div>
  );
}
