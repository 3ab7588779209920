/**
 * The API Reference's stylesheet, loaded by the API pages only.
 *
 * docusaurus-theme-openapi-docs adds its SCSS as a client module, so Docusaurus
 * would put it into the one stylesheet that every page loads (~27 KB gzip that
 * guides and help-centre pages never use). src/themes/openapi-scoped.ts drops
 * that client module; this plugin compiles the same SCSS, plus src/css/api.css,
 * into one hashed file under /assets/css/ (cached for a year like every hashed
 * asset), and src/theme/ApiItem links it. Code-split CSS chunks are not an
 * option: Docusaurus only links the main stylesheet in the server-rendered
 * HTML, so chunk CSS would arrive after the page is painted.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as sass from 'sass';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { OPENAPI_THEME_STYLES } from '../themes/openapi-scoped';

export type ApiStylesData = { href: string };

/** A static directory of the site (see docusaurus.config.ts), written by this plugin only. */
const GENERATED_STATIC_DIR = '.generated/static';

export default function apiStylesPlugin(context: LoadContext): Plugin<ApiStylesData> {
  const outDir = path.join(context.siteDir, GENERATED_STATIC_DIR, 'assets', 'css');
  const sources = [require.resolve(OPENAPI_THEME_STYLES), path.join(context.siteDir, 'src', 'css', 'api.css')];
  // Docusaurus copies static directories before plugins load their content: the file must exist first.
  const build = (): ApiStylesData => {
    const theme = sass.compile(sources[0], { style: 'compressed' }).css;
    const css = `${theme}\n${fs.readFileSync(sources[1], 'utf8')}`;
    const name = `api-reference.${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, name), css);
    return { href: `${context.baseUrl}assets/css/${name}` };
  };
  const data = build();
  return {
    name: 'api-styles',
    getPathsToWatch: () => sources,
    async loadContent() {
      return build();
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content ?? data);
    },
  };
}
