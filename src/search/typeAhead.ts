/**
 * Keeps every key typed after the search shortcut (Ctrl+K, Cmd+K, or `/`
 * outside a text field) until the DocSearch modal's input has focus. The
 * modal's code is fetched on the first sign that the reader is about to search
 * (src/theme/SearchBar): Ctrl or Meta going down, `/`, or the pointer, a touch
 * or focus on the search button; never at idle, where its evaluation is one
 * long task that a tap landing then would wait for.
 * A shortcut can come with or before that, and the modal renders before its input
 * takes focus: 150 to 250 ms after the shortcut on a slow machine when the code
 * had to load first. Until then the keys fell on the page and were lost
 * ("webhook" became "ebhook"). The keys are held here and handed to the input
 * once it has focus, in a task of their own after the frame that shows it
 * (keys typed until then join them). Runs in the browser only.
 * `/` on a button is the shortcut too (the specification: "when no text field has
 * focus"), as DocSearch's own keyboard hook takes it with
 * patches/@docsearch+react+*.patch.
 */
const INPUT = '.DocSearch-Input';

const isTextField = (el: Element | null): boolean =>
  !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el as HTMLElement).isContentEditable);

function isSearchShortcut(event: KeyboardEvent, active: Element | null): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextField(active);
}

/**
 * Runs `onIntent` once, when a key that begins the shortcut goes down: Ctrl or Meta alone (K may
 * follow), or the shortcut itself. Returns the cleanup.
 */
export function onShortcutIntent(doc: Document, onIntent: () => void): () => void {
  const stop = () => doc.removeEventListener('keydown', onKeyDown, true);
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Control' && event.key !== 'Meta' && !isSearchShortcut(event, doc.activeElement)) return;
    stop();
    onIntent();
  }
  doc.addEventListener('keydown', onKeyDown, true);
  return stop;
}

/** Starts listening on `doc`; `onShortcut` runs when the shortcut opens the modal. Returns the cleanup. */
export function captureTypeAhead(doc: Document, onShortcut: () => void): () => void {
  /** The keys held while the modal loads; null when not holding. */
  let held: string | null = null;
  const input = () => doc.querySelector<HTMLInputElement>(INPUT);

  const release = (field: HTMLInputElement) => {
    const text = held;
    held = null;
    if (!text) return;
    // Through the native setter, so that React's onChange (and DocSearch's query) sees the change.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(field, field.value + text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };

  /** Whether a release waits for the next frame. */
  let releasing = false;
  /**
   * Hands the held keys to the input once the frame that shows the modal (or the last key held) is on screen:
   * the input's first query renders the modal again, one task of 50 to 150 ms with the CPU 4x slower, which in the
   * key's handler or before that frame would hold back the paint a reader waits for.
   */
  const releaseAfterPaint = () => {
    if (releasing) return;
    releasing = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        releasing = false;
        const field = input();
        if (field && held !== null) release(field);
      }),
    );
  };
  const isText = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

  const onKeyDown = (event: KeyboardEvent) => {
    if (held === null) {
      if (!input() && isSearchShortcut(event, doc.activeElement)) {
        held = '';
        onShortcut();
      }
      return;
    }
    const field = input();
    const focused = !!field && doc.activeElement === field;
    if (field && focused && (!held || !(isText(event) || event.key === 'Backspace'))) {
      release(field); // this key then acts after the held ones
      return;
    }
    if (event.key === 'Escape') held = null;
    else if (event.key === 'Backspace') held = held.slice(0, -1);
    else if (isText(event)) held += event.key;
    else return;
    event.preventDefault();
    if (focused) releaseAfterPaint();
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement | null;
    // After DocSearch has set up the input on this focus.
    if (held !== null && target?.matches?.(INPUT)) releaseAfterPaint();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('focusin', onFocusIn, true);
  return () => {
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('focusin', onFocusIn, true);
  };
}
