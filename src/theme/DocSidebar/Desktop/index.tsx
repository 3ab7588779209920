/**
 * Wraps `DocSidebar/Desktop` of @docusaurus/theme-classic 3.10.2: the docs
 * sidebar beside the article on a wide screen.
 *
 * Docusaurus renders it on the server for every page and hydrates it in every
 * browser, then removes it at once where the screen is narrow (the menu of
 * src/theme/Navbar/MobileSidebar takes its place): on a phone, React hydrated
 * up to some 600 elements (the API sidebar lists every call and schema) only
 * to delete them. On a narrow screen this wrapper keeps the server's HTML
 * while the page hydrates instead (src/keptHtml.ts: nothing to hydrate), and
 * renders the original as soon as the screen is wide: on a wide screen, and
 * after any client-side render, it is the original throughout.
 * tests/e2e/chrome.spec.ts ("mobile sidebar") checks both widths.
 */
import React, { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { fingerprint, keptHtml } from '@site/src/keptHtml';

type Props = ComponentProps<typeof DocSidebarDesktop>;

/** Docusaurus's breakpoint (useWindowSize): wider than this is "desktop". */
const DESKTOP = '(min-width: 997px)';

export default function DocSidebarDesktopWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const source = fingerprint(props.path);
  // Hydrating (in the browser, before Docusaurus's first effect) on a narrow screen: keep the server's HTML.
  const [html, setHtml] = useState(() =>
    typeof window !== 'undefined' && !isBrowser && !window.matchMedia(DESKTOP).matches ? keptHtml('sidebar-kept', source) : undefined,
  );
  useEffect(() => {
    if (html === undefined) return undefined;
    const wide = window.matchMedia(DESKTOP);
    const live = () => wide.matches && setHtml(undefined);
    live();
    wide.addEventListener('change', live);
    return () => wide.removeEventListener('change', live);
  }, [html]);
  if (html !== undefined) {
    return <div className="sidebar-kept" data-source={source} data-kept="" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div className="sidebar-kept" data-source={source} data-kept="">
      <DocSidebarDesktop {...props} />
    </div>
  );
}
