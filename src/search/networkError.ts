/**
 * Shows a search network failure as the texts SPEC.md gives ("Unable to fetch
 * results", "You might want to check your network connection.").
 *
 * DocSearch 4.7 would show them on its error screen, but autocomplete resets
 * the status to idle after a failed request, so readers saw "No results for"
 * instead (seen with the hosted client as well as ours). The wrapped client
 * answers a failed search (the hosted client throws a RetryError when it cannot
 * reach the service; ours does the same) with one result carrying the two texts, which the
 * SearchBar renders as an alert instead of a link. The next search asks the
 * network again, so searching recovers without a reload.
 */
export const SEARCH_ERROR_HIT = '__searchNetworkError';

type SearchInput = { requests: unknown[] } | unknown[];
type Searchable = { search: (input: SearchInput) => Promise<{ results: unknown[] }> };

export type ErrorTexts = { title: string; help: string };

export function withNetworkErrorResult<C extends Searchable>(client: C, texts: ErrorTexts, here: () => string): C {
  const search = async (input: SearchInput) => {
    try {
      return await client.search(input);
    } catch (error) {
      // Any failed search (the hosted client throws RetryError and others when it cannot answer).
      if (error instanceof Error && error.name === 'AbortError') throw error;
      const count = Array.isArray(input) ? input.length : input.requests.length;
      const hit = {
        objectID: SEARCH_ERROR_HIT,
        [SEARCH_ERROR_HIT]: true,
        url: here(),
        type: 'lvl1',
        hierarchy: { lvl0: texts.title, lvl1: texts.help, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
        content: null,
        _highlightResult: { hierarchy: { lvl0: { value: texts.title }, lvl1: { value: texts.help } } },
        _snippetResult: { hierarchy: { lvl0: { value: texts.title }, lvl1: { value: texts.help } } },
      };
      const result = { hits: [hit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 1, processingTimeMS: 0, query: '', params: '', index: 'docs' };
      return { results: Array.from({ length: count }, () => result) };
    }
  };
  return Object.assign(Object.create(Object.getPrototypeOf(client) as object) as C, client, { search });
}

export function isSearchErrorHit(hit: unknown): boolean {
  return typeof hit === 'object' && hit !== null && SEARCH_ERROR_HIT in hit;
}
