/**
 * The built-in search across the worker boundary, in Node: the page's client
 * (src/search/browserClient.ts) talking to what the worker runs
 * (src/search/workerShell.ts) through a stand-in for `Worker` that passes the
 * messages as the browser would (structured clones, asynchronously). What a
 * reader sees depends on it: answers as the hosted service gives them, and a
 * failed search that keeps its kind (network or unavailable) across the
 * boundary, so that the modal shows the right message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSearchClient, createWorkerSearchClient } from '../../src/search/browserClient';
import { searchErrorKind } from '../../src/search/networkError';
import type { SearchRecord } from '../../src/search/records';
import { serveSearch, type WorkerRequest, type WorkerScope } from '../../src/search/workerShell';

const records: SearchRecord[] = [
  { u: '/guides/payouts', t: 'lvl1', h: ['Guides', 'Payouts'], g: 'docs-default-current', l: 'en' },
  { u: '/help-center/refund', t: 'lvl1', h: ['Help Center', 'Refunds'], g: 'docs-help-center-current', l: 'en' },
];

type Fetch = (url: string, init?: { priority?: string }) => Promise<Response>;

/** What the worker's fetch answers, and the requests it made. */
const network = {
  answer: (): Promise<Response> => Promise.resolve(Response.json({ version: 1, records })),
  requests: [] as Array<{ url: string; priority?: string }>,
};

(globalThis as unknown as { fetch: Fetch }).fetch = (url, init) => {
  network.requests.push({ url, priority: init?.priority });
  return network.answer();
};

/** The search in a worker scope of its own, as each `new Worker` gets. */
function startWorkerScope(): WorkerScope {
  const scope: WorkerScope = { location: { origin: 'https://docs.example' }, onmessage: null, postMessage: () => {} };
  serveSearch(scope);
  assert.equal(typeof scope.onmessage, 'function', 'the worker listens for messages');
  return scope;
}

/** A stand-in for `new Worker(...)`; `broken` fails to load, as a script that answers 404 does. */
function fakeWorker(broken = false): Worker {
  const scope = broken ? undefined : startWorkerScope();
  const fake = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    onerror: null as ((event: { message?: string; preventDefault?: () => void }) => void) | null,
    terminated: false,
    postMessage(message: unknown) {
      if (!scope) {
        setTimeout(() => fake.onerror?.({ message: 'script failed to load' }));
        return;
      }
      scope.postMessage = (reply) => setTimeout(() => fake.onmessage?.({ data: structuredClone(reply) }));
      setTimeout(() => scope.onmessage?.({ data: structuredClone(message) } as MessageEvent<WorkerRequest>));
    },
    terminate() {
      fake.terminated = true;
    },
  };
  return fake as unknown as Worker;
}

test('a search crosses to the worker and comes back as the hosted service answers; the index is fetched once, at low priority', async () => {
  network.requests.length = 0;
  const started: Worker[] = [];
  const client = createWorkerSearchClient(
    () => 'https://docs.example/search-index.json',
    () => {
      started.push(fakeWorker());
      return started.at(-1)!;
    },
  );
  // The theme's SearchBar calls addAlgoliaAgent on the client it is given, as on the hosted one.
  assert.doesNotThrow(() => client.addAlgoliaAgent());
  client.warm();
  const answer = await client.search({ requests: [{ indexName: 'docs', query: 'payot', hitsPerPage: 5 }] });
  assert.equal(answer.results[0].hits[0].url, 'https://docs.example/guides/payouts');
  const again = await client.search([{ indexName: 'docs', params: { query: 'refunds' } }]);
  assert.equal(again.results[0].hits[0].url, 'https://docs.example/help-center/refund');
  assert.equal(started.length, 1, 'one worker for the page');
  assert.deepEqual(network.requests, [{ url: 'https://docs.example/search-index.json', priority: 'low' }]);
});

test('an index that cannot be reached fails as a network error, one the server refuses as unavailable, and the next search recovers', async () => {
  const client = createWorkerSearchClient(
    () => 'https://docs.example/search-index.json',
    () => fakeWorker(),
  );
  network.answer = () => Promise.reject(new TypeError('Failed to fetch'));
  const unreachable = await client.search({ requests: [{ query: 'payouts' }] }).catch((e: unknown) => e);
  assert.ok(unreachable instanceof TypeError, 'still a TypeError on this side');
  assert.equal(searchErrorKind(unreachable), 'network');
  network.answer = () => Promise.resolve(new Response('Not found', { status: 404 }));
  const refused = await client.search({ requests: [{ query: 'payouts' }] }).catch((e: unknown) => e);
  assert.match(String((refused as Error).message), /search index: HTTP 404/);
  assert.equal(searchErrorKind(refused), 'unavailable');
  network.answer = () => Promise.resolve(Response.json({ version: 1, records }));
  const answer = await client.search({ requests: [{ query: 'payouts' }] });
  assert.ok(answer.results[0].nbHits > 0);
});

test('a worker script that cannot load fails the search as a network error, and the next search starts a new worker', async () => {
  const started: Array<Worker & { terminated?: boolean }> = [];
  let broken = true;
  const client = createWorkerSearchClient(
    () => 'https://docs.example/search-index.json',
    () => {
      started.push(fakeWorker(broken));
      return started.at(-1)!;
    },
  );
  const failed = await client.search({ requests: [{ query: 'payouts' }] }).catch((e: unknown) => e);
  assert.equal((failed as Error).name, 'ChunkLoadError');
  assert.equal(searchErrorKind(failed), 'network');
  assert.equal(started[0].terminated, true);
  broken = false;
  const answer = await client.search({ requests: [{ query: 'payouts' }] });
  assert.ok(answer.results[0].nbHits > 0);
  assert.equal(started.length, 2);
});

test("the page's client is one per base URL: each fetches its own site's index, and asking again gives the same client", () => {
  const globals = globalThis as unknown as { window?: unknown; Worker?: unknown };
  const started: Array<{ url: string; posted: WorkerRequest[] }> = [];
  globals.window = { location: { href: 'https://docs.example/guides/payouts' } };
  globals.Worker = class {
    posted: WorkerRequest[] = [];
    constructor(url: URL) {
      started.push({ url: url.href, posted: this.posted });
    }
    postMessage(message: WorkerRequest) {
      this.posted.push(message);
    }
    terminate() {}
  };
  try {
    browserSearchClient('/').warm();
    browserSearchClient('/docs/').warm();
    browserSearchClient('/').warm();
    assert.equal(browserSearchClient('/docs/'), browserSearchClient('/docs/'));
    assert.equal(started.length, 2, 'a worker for each base URL');
    assert.match(started[0].url, /\/worker\.ts$/);
    assert.deepEqual(
      started.map((worker) => worker.posted.map((m) => m.index)),
      [
        ['https://docs.example/search-index.json', 'https://docs.example/search-index.json'],
        ['https://docs.example/docs/search-index.json'],
      ],
    );
  } finally {
    delete globals.window;
    delete globals.Worker;
  }
});
