/**
 * Wraps `DocSidebar/Desktop` of @docusaurus/theme-classic 3.10: the docs
 * sidebar beside the article on a wide screen.
 *
 * Docusaurus renders it on the server for every page and hydrates it in every
 * browser, then removes it at once where the screen is narrow (the menu of
 * src/theme/Navbar/MobileSidebar takes its place): on a phone, React hydrated
 * up to some 600 elements (the API sidebar lists every call and schema) only
 * to delete them. On a narrow screen this wrapper keeps the server's HTML
 * while the page hydrates instead (src/keptHtml/index.tsx: nothing to hydrate), and
 * renders the original as soon as the screen is wide: on a wide screen, and
 * after any client-side render, it is the original throughout.
 * tests/e2e/chrome.spec.ts ("mobile sidebar") checks both widths.
 */
import React, { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { fingerprintOf, KeptHtml, useKeptHtml } from '@site/src/keptHtml';

type Props = ComponentProps<typeof DocSidebarDesktop>;

/** Docusaurus's breakpoint (useWindowSize): wider than this is "desktop". */
const DESKTOP = '(min-width: 997px)';

export default function DocSidebarDesktopWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const fingerprint = fingerprintOf(props.path);
  // Hydrating (in the browser, before Docusaurus's first effect) on a narrow screen: keep the server's HTML.
  const kept = useKeptHtml('sidebar-kept', fingerprint, typeof window !== 'undefined' && !isBrowser && !window.matchMedia(DESKTOP).matches);
  // Once the screen is wide, the original for good.
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (kept === undefined) return undefined;
    const query = window.matchMedia(DESKTOP);
    const update = () => query.matches && setLive(true);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [kept]);
  return (
    <KeptHtml className="sidebar-kept" fingerprint={fingerprint} html={live ? undefined : kept}>
      <DocSidebarDesktop {...props} />
    </KeptHtml>
  );
}
