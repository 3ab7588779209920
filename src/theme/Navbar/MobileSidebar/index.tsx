/**
 * Wraps `Navbar/MobileSidebar` of @docusaurus/theme-classic 3.10: the menu that
 * the navbar's button opens on a narrow screen (the navbar's links and the docs
 * sidebar). The original builds it, hidden, as soon as a page has hydrated on a
 * phone: on an API page some 600 elements (the API sidebar lists every call and
 * schema), created in the main thread for a menu most readers never open.
 *
 * Here it is built on intent: when a pointer goes down on the navbar's menu
 * button, or the button gets focus (a moment before the click, so the menu
 * still slides in), or when the menu is shown some other way. Once built it
 * stays. tests/e2e/chrome.spec.ts ("mobile sidebar") checks both.
 */
import React, { useEffect, useState, type ReactNode } from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';

/** The navbar's menu button (`Navbar/MobileSidebar/Toggle`). */
const TOGGLE = '.navbar__toggle';

export default function MobileSidebarWrapper(): ReactNode {
  const { shown } = useNavbarMobileSidebar();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return undefined;
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(TOGGLE)) setWanted(true);
    };
    document.addEventListener('pointerdown', onIntent, { capture: true, passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerdown', onIntent, { capture: true });
      document.removeEventListener('focusin', onIntent);
    };
  }, [wanted]);
  if (shown && !wanted) setWanted(true);
  return wanted || shown ? <MobileSidebar /> : null;
}
