/**
 * Shows a failed search in the DocSearch modal, in both search modes, with
 * texts that say what happened:
 * - the search service could not be reached: the specification's texts, "Unable to fetch
 *   results" and "You might want to check your network connection.". That is
 *   the hosted client's RetryError (no Algolia host answered), a TypeError from
 *   `fetch` (the built-in client could not fetch its index) or a ChunkLoadError
 *   (the search engine's script could not be loaded);
 * - it answered with an error, which no network check fixes: "Search is
 *   unavailable" texts. That is the hosted client's ApiError (403 for a wrong
 *   key, a blocked application), the built-in index answering 404 or 500, and
 *   anything else. The error also goes to the console, for the site's owners.
 * An aborted search is rethrown: DocSearch cancels searches on purpose.
 *
 * DocSearch 4.7 has an error screen with the network texts, but shows it only
 * for a RetryError, and autocomplete-core (its engine) resets the status to
 * idle when the failed request settles, so readers saw "No results for"
 * instead. Upstream: https://github.com/algolia/autocomplete/issues/1248 (a
 * failed source leaves autocomplete's status short of "error").
 *
 * So the wrapped client answers a failed search with one entry carrying the
 * texts. The SearchBar renders it as an alert, not a link, and `guardErrorEntry`
 * keeps it from being selected: DocSearch would navigate to a selected entry
 * and save it in Recent searches (localStorage). The next search asks again,
 * so searching recovers without a reload.
 */
import { requestsOf, type SearchInput } from './clientShape';

const ERROR_HIT = '__searchError';

/** The attribute of the element the SearchBar renders for the error entry. */
export const ERROR_ENTRY_ATTRIBUTE = 'data-search-error';

type Searchable = { search: (input: SearchInput) => Promise<{ results: unknown[] }> };

type ErrorTexts = { title: string; help: string };
type SearchErrorKind = 'network' | 'unavailable';

/** Whether the search service could not be reached at all (rather than answering with an error). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'RetryError' || error.name === 'ChunkLoadError') return true;
  // fetch() rejects with a TypeError when no response came: "Failed to fetch" (Chromium),
  // "NetworkError when attempting to fetch resource." (Firefox), "Load failed" (Safari), "fetch failed" (Node).
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|fetch failed/i.test(error.message);
}

export function searchErrorKind(error: unknown): SearchErrorKind {
  return isUnreachable(error) ? 'network' : 'unavailable';
}

/** The one entry a failed search answers with, in DocSearch's hit shape. */
export function errorHit(kind: SearchErrorKind, texts: ErrorTexts, url: string) {
  const lvl0 = { value: texts.title };
  const lvl1 = { value: texts.help };
  return {
    objectID: `${ERROR_HIT}:${kind}`,
    [ERROR_HIT]: kind,
    url,
    type: 'lvl1',
    hierarchy: { lvl0: texts.title, lvl1: texts.help, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
    _highlightResult: { hierarchy: { lvl0, lvl1 } },
    _snippetResult: { hierarchy: { lvl0, lvl1 } },
  };
}

export function withSearchErrorResult<C extends Searchable>(
  client: C,
  texts: Record<SearchErrorKind, ErrorTexts>,
  here: () => string,
  report: (error: unknown) => void = (error) => console.error('Search failed:', error),
): C {
  const search = async (input: SearchInput) => {
    try {
      return await client.search(input);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      const kind = searchErrorKind(error);
      if (kind === 'unavailable') report(error);
      const count = requestsOf(input).length;
      const hit = errorHit(kind, texts[kind], here());
      const result = {
        hits: [hit],
        nbHits: 1,
        page: 0,
        nbPages: 1,
        hitsPerPage: 1,
        processingTimeMS: 0,
        query: '',
        params: '',
        index: 'docs',
      };
      return { results: Array.from({ length: count }, () => result) };
    }
  };
  return Object.assign(Object.create(Object.getPrototypeOf(client) as object) as C, client, { search });
}

export function isSearchErrorHit(hit: unknown): boolean {
  return typeof hit === 'object' && hit !== null && ERROR_HIT in hit;
}

/**
 * Keeps the error entry from being selected: a click on it, or Enter (with any
 * modifier) while it is the active option, never reaches DocSearch. Listens on
 * `doc` in the capture phase, ahead of React; returns the cleanup.
 */
export function guardErrorEntry(doc: Document): () => void {
  const isErrorOption = (option: Element | null | undefined) => !!option?.querySelector(`[${ERROR_ENTRY_ATTRIBUTE}]`);
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (isErrorOption(target?.closest('.DocSearch-Hit'))) stop(event);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    const field = event.target instanceof Element && event.target.matches('.DocSearch-Input') ? event.target : null;
    const active = field?.getAttribute('aria-activedescendant');
    if (active && isErrorOption(doc.getElementById(active))) stop(event);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKeyDown, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKeyDown, true);
  };
}
