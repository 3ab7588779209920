/**
 * Stands in for `algoliasearch/lite` when the built-in search is used (see
 * src/plugins/search.ts): the /search page calls `liteClient(appId, apiKey)`
 * and gets the page's worker-backed client instead of a hosted one.
 */
import { browserSearchClient } from './browserClient';

export function liteClient(): ReturnType<typeof browserSearchClient> {
  return browserSearchClient('/');
}
