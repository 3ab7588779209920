/**
 * The pages of a build folder: the one walker of build/ and the one
 * file-to-route rule, for the plugins that run after the build, the hosting
 * rules and the tests.
 */
import fs from 'node:fs';
import path from 'node:path';

export type BuiltPage = { route: string; file: string };

/** The route a built HTML file serves (trailingSlash: false writes route.html; folders index.html). */
export function routeOfFile(buildDir: string, file: string): string {
  const rel = '/' + path.relative(buildDir, file).split(path.sep).join('/');
  return rel.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/';
}

/** Every file of the build whose name passes `keep`, sorted by path. */
export function buildFiles(buildDir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (keep(entry.name)) out.push(full);
    }
  };
  walk(buildDir);
  return out.sort();
}

/** Every HTML page of the build with its route (404.html included: its route is /404). */
export function builtPages(buildDir: string): BuiltPage[] {
  return buildFiles(buildDir, (name) => name.endsWith('.html')).map((file) => ({ route: routeOfFile(buildDir, file), file }));
}
