/** Reads the production build (build/) for the unit tests that check it. */
import fs from 'node:fs';
import path from 'node:path';
import { builtPages as pages, fileOfRoute } from '../../src/built/pages';

export const BUILD_DIR = path.resolve(process.env.DOCS_BUILD_DIR ?? path.resolve(__dirname, '../../build'));

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
    throw new Error('build/ is missing: run `npm run build` first (npm test does).');
  }
}

/** Every HTML file of the build, as [route path, file path] (src/built/pages.ts walks it). */
export function builtPages(): Array<[string, string]> {
  return pages(BUILD_DIR).map(({ route, file }) => [route, file]);
}

/** The file that serves a route (src/built/pages.ts maps it). */
export function fileForRoute(route: string): string | undefined {
  return fileOfRoute(BUILD_DIR, route);
}
