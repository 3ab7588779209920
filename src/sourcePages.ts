/**
 * The hand-written pages' sources, for the tests that read them: each folder of MDX pages and the route
 * it is served under (the docs instances of docusaurus.config.ts; reference/ is copied into the API
 * Reference's folder by `npm run gen-api`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../src/built/pages';

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
