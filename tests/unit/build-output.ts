/** Reads the production build (build/) for the unit tests that check it. */
import fs from 'node:fs';
import path from 'node:path';

export const BUILD_DIR = path.resolve(process.env.DOCS_BUILD_DIR ?? path.resolve(__dirname, '../../build'));

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
    throw new Error('build/ is missing: run `npm run build` first (npm test does).');
  }
}

/** Every HTML file of the build, as [route path, file path]. */
export function builtPages(): Array<[string, string]> {
  const pages: Array<[string, string]> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) pages.push([routeOf(full), full]);
    }
  };
  walk(BUILD_DIR);
  return pages;
}

function routeOf(file: string): string {
  let rel = '/' + path.relative(BUILD_DIR, file).split(path.sep).join('/');
  rel = rel.replace(/\/index\.html$/, '') || '/';
  return rel.replace(/\.html$/, '') || '/';
}

/** The file that serves a route (trailingSlash: false emits route.html; directories emit index.html). */
export function fileForRoute(route: string): string | undefined {
  const clean = route.replace(/\/$/, '') || '/';
  const candidates =
    clean === '/'
      ? [path.join(BUILD_DIR, 'index.html')]
      : [path.join(BUILD_DIR, clean + '.html'), path.join(BUILD_DIR, clean, 'index.html'), path.join(BUILD_DIR, clean)];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}
