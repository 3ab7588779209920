/**
 * Builds the MCP endpoint at the edge (mcp/edge.ts) into the site's build, for
 * Cloudflare Pages: run after `docusaurus build` (`npm run build`'s postbuild).
 *
 * - `build/_worker.js`: esbuild bundles mcp/edge.ts, the mcp/ and src/ modules it
 *   imports and the npm packages they use (the SDK, zod, yaml, minisearch, Ajv's
 *   runtime) into one ES module for workerd. validate_request's validators are
 *   compiled here from openapi/v2.0.yaml (the document the site publishes) into
 *   Ajv's standalone code, which the bundle holds: workerd allows no `eval`.
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
import { publishedRequestValidatorsModule } from '../src/openapi/requestSchemas';
import { MCP_PATH } from './limits';

const HERE = __dirname;

/** The worker of Pages' advanced mode, and the file that says which paths run it. */
const WORKER_FILE = '_worker.js';
const ROUTES_FILE = '_routes.json';

/** `./generated/requestValidators.js` of mcp/edge.ts: the validators, compiled now, with no file written. */
const validators: Plugin = {
  name: 'request-validators',
  setup(b) {
    b.onResolve({ filter: /^\.\/generated\/requestValidators\.js$/ }, () => ({ path: 'requestValidators.js', namespace: 'validators' }));
    b.onLoad({ filter: /.*/, namespace: 'validators' }, () => {
      const contents = publishedRequestValidatorsModule();
      // Its requires (Ajv's runtime helpers, ajv-formats' formats) resolve from here.
      return { contents, loader: 'js', resolveDir: HERE };
    });
  },
};

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
    plugins: [validators],
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
