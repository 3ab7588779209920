/**
 * The API Reference's schema viewer becomes live when the reader reaches for
 * it, not when the page loads: the wrappers of `ParamsDetails`,
 * `RequestSchema`, `StatusCodes` and `Schema` (src/theme/) put the original
 * inside `<OnIntent>`. Those parts are thousands of elements (tabs,
 * collapsible fields, example panels) that React would otherwise walk on every
 * page load.
 *
 * While the page hydrates, the part's server HTML is kept as it is
 * (`<KeptHtml>` of ./index.tsx, found by the part's `useId`). Then:
 * - the pointer moving over it, a touch or a pointer going down PREPARES the
 *   live component without blocking: a transition mounts it inside a hidden
 *   `<Activity>`, which React renders at its lowest priority in slices of a
 *   few milliseconds, into the page but hidden and with no effect mounted.
 *   The listeners are passive. A pointer that did not move (the hover the
 *   browser reports when a wheel or the keyboard scrolls the page under a
 *   resting pointer) prepares nothing;
 * - a click, a key or focus makes it LIVE: at once (`flushSync`) when it is
 *   prepared, which only shows it and mounts its effects; otherwise it is
 *   prepared first and shown in the task after the one that put it in the page.
 *   The element that had focus gets it back; a click, or a key that the live
 *   component handles (Enter, Space, arrows, Home, End), is held back from the
 *   server's element and replayed on the live one in the next task, with its
 *   modifier keys, but only onto an element of the same tag and role at the
 *   same place (the live render can differ from the server's: the theme keeps
 *   state in local storage and its store); otherwise it is dropped.
 *
 * Where the page was not rendered by the server (a client-side navigation),
 * the live component renders at once. Only the outermost `<OnIntent>` does
 * any of this: `Schema` is also used inside the others, where it renders as it is.
 */
import React, { Activity, createContext, startTransition, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { KeptHtml, useKeptHtml } from './index';

/** The attribute that marks a part, with its `useId` (the same on the server and in the browser). */
export const ON_INTENT_ATTRIBUTE = 'data-on-intent';
/** Set once the live component has replaced the server's HTML. */
export const LIVE_ATTRIBUTE = 'data-live';
/** The class of the part's kept server HTML (`<KeptHtml>`), inside the part. */
export const KEPT_CLASS = 'on-intent-kept';

/** kept: the server's HTML; preparing: the live component too, hidden; live: the live component alone. */
type Phase = 'kept' | 'preparing' | 'live';

/** Keys the live component handles (tabs, details, links); others act on the page as they are. */
const REPLAYED_KEYS = new Set(['Enter', ' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** Where an element was in the server's HTML, and what it was. */
type Place = { path: number[]; tag: string; role: string | null };
type Held = { place: Place; event: MouseEvent | KeyboardEvent };

/** Where the pointer was last seen on the screen, and whether a button is down; one set of passive listeners per page. */
const pointer = { x: NaN, y: NaN, down: false, tracked: false, moved: new WeakSet<Event>() };

function trackPointer(): void {
  if (pointer.tracked) return;
  pointer.tracked = true;
  const options = { capture: true, passive: true };
  const seen = (event: PointerEvent | WheelEvent) => {
    // Within a pixel: a wheel's position is whole pixels, a pointer's has fractions.
    if (!(Math.abs(event.screenX - pointer.x) < 1 && Math.abs(event.screenY - pointer.y) < 1)) pointer.moved.add(event);
    pointer.x = event.screenX;
    pointer.y = event.screenY;
  };
  for (const type of ['pointerover', 'pointermove', 'wheel'] as const) window.addEventListener(type, seen, options);
  // A tap's focus comes with its compatibility mousedown, after its pointerup: mousedown counts as going down.
  for (const type of ['pointerdown', 'mousedown'] as const) window.addEventListener(type, () => (pointer.down = true), options);
  for (const type of ['pointerup', 'pointercancel', 'mouseup'] as const)
    window.addEventListener(type, () => (pointer.down = false), options);
}

function placeOf(root: Element, node: EventTarget | null): Place | undefined {
  if (!(node instanceof Element) || !root.contains(node) || node === root) return undefined;
  const path: number[] = [];
  for (let el: Element = node; el !== root; el = el.parentElement as Element) {
    path.unshift(Array.prototype.indexOf.call((el.parentElement as Element).children, el));
  }
  return { path, tag: node.tagName, role: node.getAttribute('role') };
}

/** The element at `place` under `root`, if it has the same tag and role. */
function elementAt(root: Element, place: Place): HTMLElement | undefined {
  let el: Element | undefined = root;
  for (const index of place.path) el = el?.children[index];
  return el instanceof HTMLElement && el.tagName === place.tag && el.getAttribute('role') === place.role ? el : undefined;
}

function replay(target: HTMLElement, event: MouseEvent | KeyboardEvent): void {
  const { ctrlKey, metaKey, shiftKey, altKey } = event;
  const common = { bubbles: true, cancelable: true, composed: true, view: window, ctrlKey, metaKey, shiftKey, altKey };
  if (event instanceof KeyboardEvent) {
    const { key, code, location, repeat } = event;
    const handled = !target.dispatchEvent(new KeyboardEvent('keydown', { ...common, key, code, location, repeat }));
    // The activation a trusted key would have had (a link, a button, a summary), unless a handler took the key.
    const activates = key === 'Enter' ? /^(A|BUTTON|SUMMARY)$/ : key === ' ' ? /^(BUTTON|SUMMARY)$/ : undefined;
    if (!handled && activates?.test(target.tagName)) target.dispatchEvent(new MouseEvent('click', common));
    return;
  }
  const { button, detail, clientX, clientY, screenX, screenY } = event;
  target.dispatchEvent(new MouseEvent('click', { ...common, button, detail, clientX, clientY, screenX, screenY }));
}

/** True inside an `<OnIntent>`: a `Schema` nested in a request body is kept or live with the part around it. */
const Inside = createContext(false);

export default function OnIntent({ children }: { children: ReactNode }): ReactNode {
  return useContext(Inside) ? children : <Outermost>{children}</Outermost>;
}

function Outermost({ children }: { children: ReactNode }): ReactNode {
  const id = useId();
  const kept = useKeptHtml(KEPT_CLASS, id);
  const [phase, setPhase] = useState<Phase>(kept === undefined ? 'live' : 'kept');
  const ref = useRef<HTMLDivElement>(null);
  /** A click, key or focus has asked for the live component. */
  const wanted = useRef(false);
  const held = useRef<Held[]>([]);
  const goingLive = useRef(false);

  useEffect(() => {
    const root = ref.current;
    if (phase === 'live' || !root) return undefined;
    trackPointer();
    const keptRoot = () => root.querySelector(`:scope > .${KEPT_CLASS}`) ?? undefined;
    /** The live component is in the page, hidden, after the server's HTML. */
    const prepared = () => root.childElementCount > 1;
    const prepare = () => startTransition(() => setPhase((now) => (now === 'kept' ? 'preparing' : now)));
    const goLive = () => {
      const server = keptRoot();
      const focus = server && placeOf(server, document.activeElement);
      flushSync(() => setPhase('live'));
      // In a task of their own, after the browser has laid the live part out: focus() would force that
      // layout into this task, and what a replayed event changes renders apart from the reveal.
      const replayed = held.current.splice(0);
      if (!focus && replayed.length === 0) return;
      setTimeout(() => {
        if (focus && root.contains(document.activeElement) === false) elementAt(root, focus)?.focus({ preventScroll: true });
        for (const { place, event } of replayed) {
          const target = elementAt(root, place);
          if (target) replay(target, event);
        }
      });
    };
    /** After the task that put the hidden live component in the page: its commit and the reveal are two tasks. */
    const goLiveSoon = () => {
      if (!goingLive.current) setTimeout(goLive);
      goingLive.current = true;
    };

    const onPrepare = (event: Event) => {
      if (event.type !== 'pointerover' || pointer.moved.has(event)) prepare();
    };
    const onUrgent = (event: Event) => {
      const server = keptRoot();
      const place = server && placeOf(server, event.target);
      if (!place) return;
      // Focus that a pointer going down gave: the click that follows decides.
      if (event.type === 'focusin' && pointer.down) return;
      const hold =
        (event instanceof MouseEvent && event.type === 'click') ||
        (event instanceof KeyboardEvent && REPLAYED_KEYS.has(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey);
      if (hold) {
        // It would land on the server's element, which the live one replaces: it is replayed there.
        event.preventDefault();
        event.stopPropagation();
        held.current.push({ place, event: event as MouseEvent | KeyboardEvent });
      }
      wanted.current = true;
      if (prepared()) goLive();
      else prepare();
    };
    // The hidden live component has arrived: shown now if a click, key or focus asked for it.
    const arrived = new MutationObserver(() => {
      if (wanted.current && prepared()) goLiveSoon();
    });
    arrived.observe(root, { childList: true });
    const passive = { capture: true, passive: true };
    for (const type of ['pointerover', 'pointerdown', 'touchstart'] as const) root.addEventListener(type, onPrepare, passive);
    for (const type of ['click', 'keydown', 'focusin'] as const) root.addEventListener(type, onUrgent, { capture: true });
    // Arrived before these listeners.
    if (wanted.current && prepared()) goLiveSoon();
    return () => {
      arrived.disconnect();
      for (const type of ['pointerover', 'pointerdown', 'touchstart'] as const) root.removeEventListener(type, onPrepare, passive);
      for (const type of ['click', 'keydown', 'focusin'] as const) root.removeEventListener(type, onUrgent, { capture: true });
    };
  }, [phase]);

  const live = <Inside.Provider value>{children}</Inside.Provider>;
  const server = typeof window === 'undefined';
  return (
    <div
      ref={ref}
      className="kept-html"
      {...{ [ON_INTENT_ATTRIBUTE]: id, [LIVE_ATTRIBUTE]: phase === 'live' && kept !== undefined ? '' : undefined }}
    >
      {(server || phase !== 'live') && (
        <KeptHtml className={KEPT_CLASS} fingerprint={id} html={kept}>
          {live}
        </KeptHtml>
      )}
      {!server && phase !== 'kept' && <Activity mode={phase === 'live' ? 'visible' : 'hidden'}>{live}</Activity>}
    </div>
  );
}
