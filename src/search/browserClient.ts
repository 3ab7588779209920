/**
 * The page's side of the built-in search: a client with the hosted DocSearch
 * client's interface (for the modal and the /search page) that hands every
 * search to the search worker (src/search/worker.ts), so that loading the
 * index, building the engine and ranking never run on the page's main thread.
 * This module holds no engine code: MiniSearch is in the worker's script only.
 *
 * - `warm()` starts the worker and has it fetch the index and build the
 *   engine; `warmWhenIdle()` does so once the page has loaded and the browser is
 *   idle (not on a connection that saves data or is 2G, as for prefetching), so
 *   that a reader who opens search later finds it ready. Keys and pointer on the
 *   search button warm it too, for a reader who is quicker than idle time.
 * - Errors keep their kind: the worker's index fetch failing is a TypeError
 *   ("Failed to fetch"), an HTTP status an Error naming it, and a worker script
 *   that cannot load a ChunkLoadError; src/search/networkError.ts shows each.
 *   The next search starts a new worker if the last one failed.
 */
import type { SearchAnswer } from './client';
import type { SearchRequest } from './answer';
import { hostedClientStub, type SearchInput } from './clientShape';
import { SEARCH_INDEX_FILE } from './records';
import type { WorkerReply, WorkerRequest } from './workerShell';

type Pending = { resolve: (answer: SearchAnswer) => void; reject: (error: Error) => void };

function rebuild({ name, message }: { name: string; message: string }): Error {
  const error = name === 'TypeError' ? new TypeError(message) : new Error(message);
  error.name = name;
  return error;
}

export function createWorkerSearchClient(indexUrl: () => string, startWorker: () => Worker) {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const fail = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const ensure = (): Worker => {
    if (worker) return worker;
    const started = startWorker();
    started.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      if ('error' in data) waiting.reject(rebuild(data.error));
      else waiting.resolve(data.answer as SearchAnswer);
    };
    started.onerror = (event) => {
      event.preventDefault?.();
      started.terminate();
      if (worker === started) worker = undefined; // the next search starts a new one
      fail(rebuild({ name: 'ChunkLoadError', message: `search worker failed: ${event.message ?? 'could not load'}` }));
    };
    worker = started;
    return started;
  };
  const post = (message: WorkerRequest) => ensure().postMessage(message);

  return {
    /** Starts the worker, which fetches the index and builds the engine ahead of the first search. */
    warm(): void {
      post({ type: 'warm', index: indexUrl() });
    },
    ...hostedClientStub(),
    search(input: SearchInput<SearchRequest>): Promise<SearchAnswer> {
      const id = nextId++;
      return new Promise<SearchAnswer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        post({ type: 'search', id, index: indexUrl(), input });
      });
    },
  };
}

type WorkerSearchClient = ReturnType<typeof createWorkerSearchClient>;
const browserClients = new Map<string, WorkerSearchClient>();

/**
 * The page's client for the site at `baseUrl` (whose index is `<baseUrl>search-index.json`): one per
 * base URL, kept across client-side navigation, so the modal and the /search page share one worker.
 * Safe to create during server rendering: it does nothing until warmed or asked in the browser.
 */
export function browserSearchClient(baseUrl = '/'): WorkerSearchClient {
  let client = browserClients.get(baseUrl);
  if (!client) {
    client = createWorkerSearchClient(
      () => new URL(`${baseUrl}${SEARCH_INDEX_FILE}`, window.location.href).href,
      () => new Worker(new URL('./worker.ts', import.meta.url), { name: 'search' }),
    );
    browserClients.set(baseUrl, client);
  }
  return client;
}

type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * Warms the search once the page has loaded and the browser is idle; returns
 * the cleanup. Never before the load event, so never on the way of the first
 * paint; skipped where data is saved or the connection is 2G.
 */
export function warmWhenIdle(warm: () => void): () => void {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return () => {};
  let cancel = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(warm, { timeout: 5000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(warm, 1000);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}
