/**
 * Builds the MCP endpoint at the edge (mcp/edge.ts) into the site's build, for
 * Cloudflare Pages: run after `docusaurus build` (`npm run build`'s postbuild).
 *
 * - `build/_worker.js`: esbuild bundles mcp/edge.ts, the mcp/ and src/ modules it
 *   imports and the npm packages they use (the SDK, zod, yaml, minisearch, Ajv's
 *   runtime) into one ES module for workerd. It also holds what the deployment
 *   publishes, worked out now so that no call of the worker pays for it:
 *   - the OpenAPI document (the build's `/v2.0.json`), and validate_request's
 *     validators compiled from that very document into Ajv's standalone code
 *     (workerd allows no `eval`): the two cannot disagree;
 *   - the search engine's state (src/search/engine.ts, `engineState`) over the
 *     build's `/search-index.json`, loaded once per isolate without tokenizing
 *     again. A build with hosted DocSearch has no index: its worker has no
 *     search_docs.
 *   The bundle may import nothing at run time, Node's modules included: the
 *   build fails when a module of the edge's graph reaches one (the file system
 *   reader of the document, src/openapi/document.ts, among them).
 * - `build/_routes.json`: only `/mcp` runs the worker; every other path is a
 *   static file, served with `_headers` and `_redirects` as before.
 *
 *   npm run build              (or, in mcp/, npm run build:edge -- BUILD_DIR)
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { operations, OPENAPI_JSON_FILE, parseOpenapiDocument, type JsonObject } from '../src/openapi/documentTree';
import { requestValidatorsModule } from '../src/openapi/requestSchemas';
import { engineState, type EngineState } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../src/search/records';
import { MCP_PATH } from './limits';

const HERE = __dirname;

/** The worker of Pages' advanced mode, and the file that says which paths run it. */
const WORKER_FILE = '_worker.js';
const ROUTES_FILE = '_routes.json';

/**
 * What the bundle holds of the deployment (mcp/edge.ts reads it as `./generated/deployment.js`). The engine's state
 * comes from a function, called once: the plain objects it parses are dropped once the engine is loaded from them.
 */
export type Deployment = { document: JsonObject; searchState: (() => EngineState) | null };

/** A JSON value as the source of an expression: JSON.parse of a string, which V8 reads faster than an object literal. */
const parsed = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;

/** The modules `./generated/*.js` of mcp/edge.ts: made now, from the build folder, with no file written. */
function deploymentModules(buildDir: string): Plugin {
  const documentFile = path.join(buildDir, OPENAPI_JSON_FILE);
  if (!fs.existsSync(documentFile)) throw new Error(`${buildDir} has no ${OPENAPI_JSON_FILE}: run docusaurus build first`);
  const document = parseOpenapiDocument(fs.readFileSync(documentFile, 'utf8'), OPENAPI_JSON_FILE);
  const indexFile = path.join(buildDir, SEARCH_INDEX_FILE);
  let search: EngineState | null = null;
  if (fs.existsSync(indexFile)) {
    const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as Partial<SearchIndexFile>;
    if (index.version !== 1 || !Array.isArray(index.records)) throw new Error(`${indexFile} is not a search index of version 1`);
    search = engineState(index.records);
  }
  const contents: Record<string, () => string> = {
    'deployment.js': () =>
      `module.exports = { document: ${parsed(document)}, searchState: ${search ? `() => ${parsed(search)}` : 'null'} };`,
    'requestValidators.js': () =>
      requestValidatorsModule(
        document,
        operations(document).filter((entry) => !entry.webhook),
      ),
  };
  return {
    name: 'deployment',
    setup(b) {
      b.onResolve({ filter: /^\.\/generated\/[\w.]+$/ }, (args) => {
        const name = args.path.slice('./generated/'.length);
        if (!contents[name]) return { errors: [{ text: `the edge's build makes no module ${args.path}` }] };
        return { path: name, namespace: 'deployment' };
      });
      // The validators' requires (Ajv's runtime helpers, ajv-formats' formats) resolve from here.
      b.onLoad({ filter: /.*/, namespace: 'deployment' }, (args) => ({ contents: contents[args.path](), loader: 'js', resolveDir: HERE }));
    },
  };
}

async function main(buildDir: string): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, 'index.html')) && !fs.existsSync(path.join(buildDir, 'llms.txt')))
    throw new Error(`${buildDir} is not a site build: run docusaurus build first`);
  const result = await build({
    entryPoints: [path.join(HERE, 'edge.ts')],
    outfile: path.join(buildDir, WORKER_FILE),
    bundle: true,
    // workerd: web APIs only; a Node module anywhere in the graph fails the build (it cannot be resolved).
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    format: 'esm',
    target: 'es2022',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    minify: true,
    plugins: [deploymentModules(buildDir)],
  });
  const external = [
    ...new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external)
        .map((i) => i.path),
    ),
  ];
  if (external.length) throw new Error(`the edge's bundle imports ${external.join(', ')} at run time: workerd has none`);
  fs.writeFileSync(path.join(buildDir, ROUTES_FILE), `${JSON.stringify({ version: 1, include: [MCP_PATH], exclude: [] }, null, 2)}\n`);
}

main(path.resolve(process.argv[2] ?? path.join(HERE, '../build'))).catch((error: unknown) => {
  console.error(`mcp edge build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
