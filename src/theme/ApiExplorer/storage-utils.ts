/**
 * Replaces `ApiExplorer/storage-utils` of docusaurus-theme-openapi-docs 5.2.0
 * (same exports, same behaviour).
 *
 * Why: the original imports the whole `crypto-js` library (every cipher and
 * hash, ~60 KB gzip) for one SHA-1, and the Redux store that every operation
 * page creates depends on this module. Importing only `crypto-js/sha1` gives
 * the same hashes (the keys under which the explorer remembers the chosen
 * authentication) for a few KB. The storage also falls back to a no-op one
 * outside the browser, so the store can be created during server rendering.
 */
import SHA1 from 'crypto-js/sha1';

export function hashArray(arr: string[]): string {
  const hash = (message: string) => SHA1(message).toString();
  const hashed = arr.map((item) => hash(item));
  hashed.sort();
  return hash(hashed.join());
}

type Persistence = false | 'localStorage' | 'sessionStorage' | undefined;

const noStorage: Storage = {
  getItem: () => null,
  setItem: () => {},
  clear: () => {},
  key: () => null,
  removeItem: () => {},
  length: 0,
};

export function createStorage(persistence: Persistence): Storage {
  if (persistence === false || typeof window === 'undefined') {
    return noStorage;
  }
  if (persistence === 'sessionStorage') {
    return sessionStorage;
  }
  return localStorage;
}
