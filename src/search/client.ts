/**
 * A search client that answers as the hosted DocSearch (Algolia) service does,
 * from the built-in index, in the same process as the engine: the search
 * worker (src/search/worker.ts) runs one, and Node can run one over
 * build/search-index.json (tests, benchmarks, other tools), with the same
 * ranking. The page itself talks to the worker (src/search/browserClient.ts).
 *
 * - The index is loaded on the first search or on `warm()`. A failed load
 *   rejects that search with its own error (fetch's TypeError when the index
 *   could not be reached, an Error naming the HTTP status when the server
 *   answered with one), which src/search/networkError.ts turns into the
 *   matching message; the next search tries again, so searching recovers
 *   without a reload.
 * - Requests come as `{requests: [...]}` (DocSearch) or as an array (the /search
 *   page's helper); both get `{results: [...]}` with hits in DocSearch's shape
 *   (src/search/answer.ts).
 */
import type { SearchIndexFile, SearchRecord } from './records';
import type { Engine } from './engine';
import { answer, type SearchRequest } from './answer';
import { hostedClientStub, requestsOf, type SearchInput } from './clientShape';

export type SearchAnswer = { results: Array<ReturnType<typeof answer>> };

type IndexLoader = () => Promise<SearchIndexFile>;

export function createLocalSearchClient(
  load: IndexLoader,
  makeEngine: (records: SearchRecord[]) => Engine | Promise<Engine>,
  origin: () => string,
) {
  let engine: Promise<Engine> | undefined;
  const getEngine = () => {
    engine ??= load()
      .then((file) => makeEngine(file.records))
      .catch((error: unknown) => {
        engine = undefined; // the next search tries again
        throw error;
      });
    return engine;
  };

  return {
    /** Starts loading the index and the engine ahead of the first search. */
    warm(): void {
      getEngine().catch(() => {}); // a failure shows on the search itself
    },
    ...hostedClientStub(),
    async search(input: SearchInput<SearchRequest>): Promise<SearchAnswer> {
      const found = await getEngine();
      return { results: requestsOf(input).map((r) => answer(r, found, origin())) };
    },
  };
}
