/**
 * The API Reference's schema viewer hydrates when the reader reaches for it,
 * not when the page loads: the wrappers of `ParamsDetails`, `RequestSchema`,
 * `StatusCodes` and `Schema` (src/theme/) put the original inside `<OnIntent>`.
 * Those parts are thousands of elements (tabs, collapsible fields, example
 * panels) that React would otherwise walk on every page load.
 *
 * While the page hydrates, `<OnIntent>` takes the server's HTML back as it is
 * (React leaves the children of an element rendered with
 * `dangerouslySetInnerHTML` alone, as src/keptHtml.tsx does for code and
 * descriptions). The first pointer, touch, focus, key or click inside it
 * renders the live component in its place, synchronously (`flushSync`), in the
 * same event. The live HTML is the server's, so nothing moves; the element that
 * took focus gets it back, and a click that arrived before (a screen reader
 * activating a tab, say) is replayed on its new element. Found by position
 * among elements: the server's HTML and the live one have the same elements
 * (only their text-node separators differ).
 *
 * Where the page was not rendered by the server (a client-side navigation), the
 * live component renders at once. Only the outermost `<OnIntent>` does any of
 * this: `Schema` is also used inside the others, where it renders as it is.
 */
import React, { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/** The attribute that marks the kept HTML, with its `useId` (the same on the server and in the browser). */
export const ON_INTENT_ATTRIBUTE = 'data-on-intent';
/** Set once the live component has replaced the server's HTML. */
export const LIVE_ATTRIBUTE = 'data-live';

/** The events that show the reader reaching for the part. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/** The positions, among element children, from `root` down to `node`. */
function pathTo(root: Element, node: EventTarget | null): number[] | undefined {
  const path: number[] = [];
  for (let el = node instanceof Element ? node : null; el && el !== root; el = el.parentElement) {
    if (!el.parentElement) return undefined;
    path.unshift(Array.prototype.indexOf.call(el.parentElement.children, el));
  }
  return path;
}

function elementAt(root: Element, path: number[]): HTMLElement | undefined {
  let el: Element | undefined = root;
  for (const index of path) el = el?.children[index];
  return el instanceof HTMLElement ? el : undefined;
}

/** True inside an `<OnIntent>`: a `Schema` nested in a request body is kept or live with the part around it. */
const Inside = createContext(false);

export default function OnIntent({ children }: { children: ReactNode }): ReactNode {
  return useContext(Inside) ? children : <Outermost>{children}</Outermost>;
}

function Outermost({ children }: { children: ReactNode }): ReactNode {
  const id = useId();
  const [kept] = useState(() =>
    typeof document === 'undefined' ? undefined : document.querySelector(`[${ON_INTENT_ATTRIBUTE}="${CSS.escape(id)}"]`)?.innerHTML,
  );
  const [live, setLive] = useState(kept === undefined);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (live || !root) return undefined;
    const wake = (event: Event) => {
      const path = pathTo(root, event.target);
      const replayClick = event.type === 'click';
      if (replayClick) {
        // This click would land on the server's element, which the live one replaces: it is replayed there.
        event.preventDefault();
        event.stopPropagation();
      }
      const hadFocus = root.contains(document.activeElement) ? pathTo(root, document.activeElement) : undefined;
      flushSync(() => setLive(true));
      const focusPath = hadFocus ?? (event.type === 'focusin' ? path : undefined);
      if (focusPath) elementAt(root, focusPath)?.focus({ preventScroll: true });
      if (replayClick && path) elementAt(root, path)?.click();
    };
    for (const type of INTENT_EVENTS) root.addEventListener(type, wake, { capture: true });
    return () => {
      for (const type of INTENT_EVENTS) root.removeEventListener(type, wake, { capture: true });
    };
  }, [live]);

  const marks = { ref, className: 'kept-html', [ON_INTENT_ATTRIBUTE]: id, [LIVE_ATTRIBUTE]: live && kept !== undefined ? '' : undefined };
  if (!live) return <div {...marks} dangerouslySetInnerHTML={{ __html: kept ?? '' }} />;
  return (
    <div {...marks}>
      <Inside.Provider value>{children}</Inside.Provider>
    </div>
  );
}
