/**
 * The servers of the browser tests, by name: Debian's nginx with the configuration that ships
 * (harness/nginx.ts: deploy/render.ts over the precompressed folder, the CSP enforced), started once for
 * the run by global-setup.ts on the ports playwright.config.ts picks. A test chooses one with the
 * `server` option of fixtures.ts.
 * - `shipped`: build/ as it ships; the tests that search.
 * - `index held`: build/ as it ships, but search-index.json answers 404, so a page whose test does not
 *   search never warms the search (the worker's fetch of the index and the build of its engine, on every
 *   page load). The default; the crawl opens every page through it, and no page may log an error for it.
 * - `hosted search`: build-hosted/, built and served with the hosted DocSearch settings of
 *   tests/hosted-search.env.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The hosted DocSearch settings of build-hosted/ (scripts/test.sh builds it with them). */
const HOSTED_ENV = parseEnv(fs.readFileSync(path.resolve(__dirname, '../hosted-search.env'), 'utf8'));
function hostedSetting(name: string): string {
  const value = HOSTED_ENV[name];
  if (!value) throw new Error(`tests/hosted-search.env sets no ${name}`);
  return value;
}
export const HOSTED_SEARCH = {
  appId: hostedSetting('DOCSEARCH_APP_ID'),
  apiKey: hostedSetting('DOCSEARCH_API_KEY'),
  indexName: hostedSetting('DOCSEARCH_INDEX_NAME'),
} as const;

/** The configuration as it ships, with the index answering 404; fails when the configuration changed shape. */
function holdIndex(conf: string): string {
  const anchor = '    error_page 404 /404.html;\n';
  if (!conf.includes(anchor)) throw new Error('tests/e2e/servers.ts: the nginx configuration changed shape; update holdIndex');
  return conf.replace(anchor, `${anchor}    location = /search-index.json {\n      return 404;\n    }\n`);
}

type Server = { build: string; portVariable: string; env?: Record<string, string | undefined>; editConf?: (conf: string) => string };

export const SERVERS = {
  shipped: { build: 'build', portVariable: 'DOCS_PORT' },
  'index held': { build: 'build', portVariable: 'DOCS_HELD_PORT', editConf: holdIndex },
  'hosted search': { build: 'build-hosted', portVariable: 'DOCS_HOSTED_PORT', env: HOSTED_ENV },
} satisfies Record<string, Server>;

export type ServerName = keyof typeof SERVERS;

/** A server's origin, from the port the runner picked for it. */
export function serverOrigin(name: ServerName): string {
  const port = process.env[SERVERS[name].portVariable];
  if (!port) throw new Error(`${SERVERS[name].portVariable} is not set: playwright.config.ts sets it`);
  return `http://127.0.0.1:${port}`;
}
