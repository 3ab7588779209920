/**
 * Where the production build (build/, or DOCS_BUILD_DIR) is for the unit tests that check it, and a
 * clear failure when it is missing. Its pages and the file of a route: src/built/pages.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

export const BUILD_DIR = path.resolve(process.env.DOCS_BUILD_DIR ?? path.resolve(__dirname, '../../build'));

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
    throw new Error('build/ is missing: run `npm run build` first (npm test does).');
  }
}
