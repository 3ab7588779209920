/**
 * What the search worker does (src/search/worker.ts starts it in the worker's
 * scope): it holds one in-process client (src/search/client.ts: the engine of
 * src/search/engine.ts over build/search-index.json) and answers the page's
 * messages (src/search/browserClient.ts):
 * - `{type: 'warm', index}`: fetch the index (at low priority) and build the engine;
 * - `{type: 'search', id, index, input}`: answer as the hosted service would,
 *   `{id, answer}`, or `{id, error: {name, message}}` when the index could not
 *   be loaded (the page rebuilds the error, so that it shows the right message).
 */
import { createLocalSearchClient } from './client';
import type { SearchRequest } from './answer';
import type { SearchInput } from './clientShape';
import { createEngine } from './engine';
import type { SearchIndexFile } from './records';

export type WorkerRequest =
  { type: 'warm'; index: string } | { type: 'search'; id: number; index: string; input: SearchInput<SearchRequest> };
export type WorkerReply = { id: number; answer: unknown } | { id: number; error: { name: string; message: string } };

/** The parts of a worker's global scope the search uses. */
export type WorkerScope = {
  location: { origin: string };
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (reply: WorkerReply) => void;
};

export function serveSearch(scope: WorkerScope): void {
  let indexUrl = '';
  const client = createLocalSearchClient(
    async () => {
      // RequestInit's `priority` (Fetch Priority) is newer than this TypeScript's DOM types.
      const response = await fetch(indexUrl, { priority: 'low' } as RequestInit);
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return (await response.json()) as SearchIndexFile;
    },
    createEngine,
    () => scope.location.origin,
  );

  scope.onmessage = ({ data }) => {
    indexUrl = data.index;
    if (data.type === 'warm') return client.warm();
    client.search(data.input).then(
      (answer) => scope.postMessage({ id: data.id, answer }),
      (error: unknown) => {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        scope.postMessage({ id: data.id, error: { name, message } });
      },
    );
  };
}
