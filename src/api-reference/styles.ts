/**
 * The API Reference's stylesheet, loaded by the API pages only.
 *
 * docusaurus-theme-openapi-docs adds its SCSS as a client module, so Docusaurus
 * would put it into the one stylesheet that every page loads (its size: see
 * src/api-reference/theme.ts; guides and help-centre pages never use it). That wrapper drops
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
import { OPENAPI_THEME_STYLES } from './theme';

export type ApiStylesData = { href: string };

/** A static directory of the site (see docusaurus.config.ts), written by this plugin only. */
const GENERATED_STATIC_DIR = '.generated/static';

export default function apiStylesPlugin(context: LoadContext): Plugin<ApiStylesData> {
  const outDir = path.join(context.siteDir, GENERATED_STATIC_DIR, 'assets', 'css');
  const sources = [require.resolve(OPENAPI_THEME_STYLES), path.join(context.siteDir, 'src', 'css', 'api.css')];
  // Docusaurus copies static directories before plugins load their content: the file must
  // exist when the plugin is created. It is compiled once there, and again in loadContent
  // only when `npm start` reloads the plugins after a source changed.
  const build = (): ApiStylesData => {
    const theme = sass.compile(sources[0], { style: 'compressed' }).css;
    const css = `${theme}\n${fs.readFileSync(sources[1], 'utf8')}`;
    const name = `api-reference.${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, name), css);
    return { href: `${context.baseUrl}assets/css/${name}` };
  };
  let fresh: ApiStylesData | undefined = build();
  return {
    name: 'api-styles',
    getPathsToWatch: () => sources,
    async loadContent() {
      const data = fresh ?? build();
      fresh = undefined;
      return data;
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
  };
}
