/**
 * What every search client of the site has in common with the hosted DocSearch
 * (Algolia) client: the input of `search` and the members DocSearch and the
 * /search page touch besides it. The built-in search's clients (in the worker,
 * src/search/client.ts, and on the page, src/search/browserClient.ts) and the
 * error wrapper (src/search/networkError.ts) use it. Types and constants only,
 * so that the page's side stays free of engine code.
 */

/** The requests of one `search` call: `{requests}` as DocSearch sends them, or an array as the /search page's helper does. */
export type SearchInput<Request = unknown> = { requests: Request[] } | Request[];

/** The requests of a `search` call, whichever shape it came in. */
export function requestsOf<Request>(input: SearchInput<Request>): Request[] {
  return Array.isArray(input) ? input : input.requests;
}

/** The hosted client's members besides `search`, for a built-in client: DocSearch reads or calls them, and none has work to do. */
export function hostedClientStub() {
  return { appId: 'LOCAL', transporter: {}, addAlgoliaAgent() {}, clearCache: async () => {} };
}
