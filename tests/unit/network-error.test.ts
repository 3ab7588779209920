/**
 * src/search/networkError.ts: which failed searches get the specification's network texts
 * (the service could not be reached) and which get "Search is unavailable" (it
 * answered with an error), and the entry a failed search answers with.
 * The hosted errors are algoliasearch v5's own classes (the client DocSearch
 * 4.7 bundles throws the same names).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, RetryError } from '@algolia/client-common';
import { errorHit, isSearchErrorHit, isUnreachable, searchErrorKind, withSearchErrorResult } from '../../src/search/networkError';

const TEXTS = {
  network: { title: 'Unable to fetch results', help: 'You might want to check your network connection.' },
  unavailable: { title: 'Search is unavailable', help: 'Search cannot answer right now. Please try again later.' },
};
const HERE = 'https://docs.example/guides/charges';

type Hit = Record<string, unknown> & { hierarchy: Record<string, string | null> };
type Answer = { results: Array<{ hits: Hit[]; nbHits: number }> };

/** A client whose searches fail with `error`; returns the wrapped client and what it reported. */
function failingWith(error: unknown) {
  const reported: unknown[] = [];
  const client = withSearchErrorResult(
    {
      search: async (input: unknown): Promise<{ results: unknown[] }> => {
        assert.ok(input, 'the wrapper passes the request on');
        throw error;
      },
    },
    TEXTS,
    () => HERE,
    (e) => reported.push(e),
  );
  return { client, reported };
}

async function shownFor(error: unknown): Promise<{ hit: Hit; reported: unknown[] }> {
  const { client, reported } = failingWith(error);
  const answer = (await client.search({ requests: [{ query: 'payout' }] })) as Answer;
  assert.equal(answer.results.length, 1);
  assert.equal(answer.results[0].hits.length, 1);
  return { hit: answer.results[0].hits[0], reported };
}

const textsOf = (hit: Hit) => ({ title: hit.hierarchy.lvl0, help: hit.hierarchy.lvl1 });

test('RetryError (the hosted client reached no host) shows the network texts', async () => {
  const error = new RetryError([]);
  assert.equal(isUnreachable(error), true);
  const { hit, reported } = await shownFor(error);
  assert.deepEqual(textsOf(hit), TEXTS.network);
  assert.deepEqual(reported, [], 'an unreachable service is not reported to the console');
});

test("fetch's TypeError (the built-in client could not fetch its index) shows the network texts, in every browser's words", async () => {
  for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed']) {
    const { hit } = await shownFor(new TypeError(message));
    assert.deepEqual(textsOf(hit), TEXTS.network, message);
  }
});

test('ChunkLoadError (the search engine script could not be loaded) shows the network texts', async () => {
  const error = Object.assign(new Error('Loading chunk 512 failed.'), { name: 'ChunkLoadError' });
  assert.equal(searchErrorKind(error), 'network');
});

test('ApiError 403 (a wrong hosted key) shows "Search is unavailable", not the network texts, and is reported', async () => {
  const error = new ApiError('Invalid Application-ID or API key', 403, []);
  assert.equal(error.name, 'ApiError');
  assert.equal(isUnreachable(error), false);
  const { hit, reported } = await shownFor(error);
  assert.deepEqual(textsOf(hit), TEXTS.unavailable);
  assert.notEqual(hit.hierarchy.lvl1, TEXTS.network.help);
  assert.deepEqual(reported, [error]);
});

test('an index that answers with an HTTP error, or any other failure, shows "Search is unavailable"', async () => {
  for (const error of [
    new Error('search index: HTTP 404'),
    new SyntaxError('Unexpected token < in JSON at position 0'),
    new TypeError("Cannot read properties of undefined (reading 'records')"),
    'a string',
    undefined,
  ]) {
    assert.equal(searchErrorKind(error), 'unavailable', String(error));
    assert.deepEqual(textsOf((await shownFor(error)).hit), TEXTS.unavailable);
  }
});

test('an aborted search is rethrown as it came (DocSearch cancels searches on purpose)', async () => {
  for (const error of [
    new DOMException('The operation was aborted.', 'AbortError'),
    Object.assign(new Error('aborted'), { name: 'AbortError' }),
  ]) {
    const { client, reported } = failingWith(error);
    await assert.rejects(client.search({ requests: [{ query: 'payout' }] }), (e) => e === error);
    assert.deepEqual(reported, []);
  }
});

test('the error entry: one per request, in DocSearch hit shape, marked, pointing at the page the reader is on', async () => {
  const { client } = failingWith(new RetryError([]));
  const answer = (await client.search({ requests: [{ query: 'a' }, { query: 'b' }] })) as Answer;
  assert.equal(answer.results.length, 2, 'DocSearch reads one result per request');
  const asArray = (await client.search([{ query: 'a' }, { query: 'b' }, { query: 'c' }])) as Answer;
  assert.equal(asArray.results.length, 3, 'the /search page form of the request');

  const [result] = answer.results;
  assert.equal(result.nbHits, 1);
  const hit = result.hits[0];
  assert.deepEqual(hit, errorHit('network', TEXTS.network, HERE));
  assert.equal(hit.objectID, '__searchError:network');
  assert.equal(hit.url, HERE);
  assert.equal(hit.type, 'lvl1');
  assert.equal(hit.content, null);
  assert.deepEqual(hit.hierarchy, {
    lvl0: TEXTS.network.title,
    lvl1: TEXTS.network.help,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  });
  assert.deepEqual(hit._highlightResult, { hierarchy: { lvl0: { value: TEXTS.network.title }, lvl1: { value: TEXTS.network.help } } });
  assert.deepEqual(hit._snippetResult, hit._highlightResult);
  assert.equal(isSearchErrorHit(hit), true);
  assert.equal(errorHit('unavailable', TEXTS.unavailable, HERE).objectID, '__searchError:unavailable');
  for (const other of [{ objectID: '/guides/charges', url: HERE, hierarchy: {} }, null, undefined, 'hit'])
    assert.equal(isSearchErrorHit(other), false);
});

test('a search that succeeds passes through untouched, the client keeps its other members, and the next search asks again', async () => {
  let online = false;
  const answer = { results: [{ hits: [{ objectID: '1' }], nbHits: 1 }] };
  const calls: unknown[] = [];
  const inner = {
    appId: 'APP',
    addAlgoliaAgent: () => 'agent',
    search: async (input: unknown) => {
      calls.push(input);
      if (!online) throw new TypeError('Failed to fetch');
      return answer;
    },
  };
  const wrapped = withSearchErrorResult(
    inner,
    TEXTS,
    () => HERE,
    () => {},
  );
  assert.equal(wrapped.appId, 'APP');
  assert.equal(wrapped.addAlgoliaAgent(), 'agent');
  assert.ok(isSearchErrorHit(((await wrapped.search({ requests: [{}] })) as unknown as Answer).results[0].hits[0]));
  online = true;
  assert.equal(await wrapped.search({ requests: [{}] }), answer);
  assert.equal(calls.length, 2);
});
