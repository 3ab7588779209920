/**
 * The pages of a build folder: the one walker of build/ and the one rule that
 * maps a built file to its route and back, for the plugins that run after the
 * build, the hosting rules, the benchmark and the tests.
 */
import fs from 'node:fs';
import path from 'node:path';

type BuiltPage = { route: string; file: string };

/** The not-found page: built as 404.html, served for every unknown path, not a route of its own. */
const NOT_FOUND_FILE = '404.html';

/** The route a built HTML file serves (trailingSlash: false writes route.html; folders index.html). */
function routeOfFile(buildDir: string, file: string): string {
  const rel = '/' + path.relative(buildDir, file).split(path.sep).join('/');
  return rel.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/';
}

/**
 * The built file that serves a path, if there is one: the HTML page of a route (the
 * inverse of routeOfFile), or a static file (/v2.0.yaml, /llms.txt) served as it is.
 */
export function fileOfRoute(buildDir: string, route: string): string | undefined {
  const clean = route.replace(/\/$/, '') || '/';
  const candidates =
    clean === '/'
      ? [path.join(buildDir, 'index.html')]
      : [path.join(buildDir, `${clean}.html`), path.join(buildDir, clean, 'index.html'), path.join(buildDir, clean)];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** Every file under a folder (the build, or a source folder) whose name passes `keep`, sorted by path. */
export function filesUnder(dir: string, keep: (name: string) => boolean = () => true): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (keep(entry.name)) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Every HTML page of the build with its route, sorted by file. The not-found
 * page (route /404) is included unless `notFound` is false.
 */
export function builtPages(buildDir: string, { notFound = true }: { notFound?: boolean } = {}): BuiltPage[] {
  const isPage = (name: string) => name.endsWith('.html');
  return filesUnder(buildDir, isPage)
    .filter((file) => notFound || path.relative(buildDir, file) !== NOT_FOUND_FILE)
    .map((file) => ({ route: routeOfFile(buildDir, file), file }));
}
