/**
 * The hand-written pages' sources: each folder of MDX pages and the route it is served under (the docs
 * instances of docusaurus.config.ts; reference/ is copied into the API Reference's folder by
 * `npm run gen-api`). Read by the tests, and at build time for the schemas each page renders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from './built/pages';

const ROOT = path.resolve(__dirname, '..');

const SOURCES: ReadonlyArray<readonly [folder: string, base: string]> = [
  ['docs', '/guides'],
  ['help-center', '/help-center'],
  ['reference', '/api'],
];

export type SourcePage = { /** Relative to the repository. */ file: string; route: string; text: string };

/** Every hand-written page: its file, the route it is served at, and its MDX text. */
export function sourcePages(): SourcePage[] {
  return SOURCES.flatMap(([dir, base]) =>
    filesUnder(path.join(ROOT, dir), (name) => /\.mdx?$/.test(name)).map((file) => {
      const rel = path.relative(path.join(ROOT, dir), file).replace(/\.mdx?$/, '');
      const route = `${base}/${rel}`.replace(/\/index$/, '');
      return { file: path.relative(ROOT, file), route, text: fs.readFileSync(file, 'utf8') };
    }),
  );
}

/**
 * The schemas each hand-written page renders with <SchemaFields name> or <EnumValues name>, as
 * [route, names]: the API Reference's pages first, then the guides, then the help centre.
 */
export function schemasRenderedBySourcePages(): Array<[string, string[]]> {
  const priority = ['/api', '/guides', '/help-center'];
  const order = (route: string) => priority.findIndex((base) => route.startsWith(`${base}/`));
  return sourcePages()
    .sort((a, b) => order(a.route) - order(b.route) || a.route.localeCompare(b.route))
    .map((page): [string, string[]] => [
      page.route,
      [...page.text.matchAll(/<(?:SchemaFields|EnumValues)\s+name="([A-Za-z0-9]+)"/g)].map((m) => m[1]),
    ])
    .filter(([, names]) => names.length > 0);
}
