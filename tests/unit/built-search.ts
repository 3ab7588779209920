/** The built search index (build/search-index.json) and one engine over it, made once per test file. */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../../src/search/records';
import { assertBuilt, BUILD_DIR } from './build-output';

export function loadIndex(): SearchIndexFile {
  assertBuilt();
  return JSON.parse(fs.readFileSync(path.join(BUILD_DIR, SEARCH_INDEX_FILE), 'utf8')) as SearchIndexFile;
}

let engine: ReturnType<typeof createEngine> | undefined;
export const builtEngine = () => (engine ??= createEngine(loadIndex().records));
