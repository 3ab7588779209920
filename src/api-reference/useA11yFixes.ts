/**
 * Accessibility fixes (axe-core, WCAG 2.1 A/AA) for markup of
 * docusaurus-theme-openapi-docs 5.2.0 that CSS cannot reach. The colour fixes
 * are in src/css/api.css.
 * - `list`: RequestSchema, ResponseSchema and ParamsDetails put the <div> of
 *   each field or parameter straight into a <ul>; those <div>s become list items.
 * - `button-name`: the arrows that scroll an overflowing tab list are empty
 *   <button>s; they get a name.
 * - `scrollable-region-focusable`: a table wider than the screen (Infima makes
 *   tables scroll) can be reached with the keyboard.
 * Applied to the page's API content after hydration, and again whenever it
 * changes (tabs, tab arrows appearing on resize, the explorer).
 */
import { useEffect, type RefObject } from 'react';

function fix(root: HTMLElement): void {
  root.querySelectorAll('ul:not([role]) > div:not([role])').forEach((item) => item.setAttribute('role', 'listitem'));
  root.querySelectorAll('button.openapi-tabs__arrow:not([aria-label])').forEach((arrow) => {
    arrow.setAttribute('aria-label', arrow.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  });
  root.querySelectorAll<HTMLElement>('table').forEach((table) => {
    if (table.scrollWidth > table.clientWidth) table.setAttribute('tabindex', '0');
    else table.removeAttribute('tabindex');
  });
}

export function useA11yFixes(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    fix(root);
    const observer = new MutationObserver(() => fix(root));
    observer.observe(root, { childList: true, subtree: true });
    const onResize = () => fix(root);
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [ref]);
}
