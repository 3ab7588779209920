/**
 * The one bundle build of the MCP server, with its two outputs. esbuild bundles an entry with the
 * modules of this repository it imports (mcp/ and the src/ modules they use) and the npm packages they
 * use (the SDK, zod, yaml, minisearch, stopwords-en, Ajv's runtime) into one minified file, which may import nothing at
 * run time but Node's own modules (the package) or nothing at all (the edge): the build fails when it does.
 * The file is swapped in with one rename, so a server started meanwhile reads a whole file.
 *
 * - The package (`npm run mcp:build`; in mcp/, `npm run build`, and `npm pack` builds first):
 *   dist/server.js, one CommonJS file for Node 20.19 from server.ts, with validate_request's validators
 *   compiled first from openapi/v2.0.yaml (the document the site publishes) into
 *   dist/requestValidators.js (Ajv's standalone code), and dist/THIRD-PARTY-NOTICES.md with the
 *   bundled packages' licenses. The package has no dependencies, so npx installs one package: the build
 *   fails when mcp/package.json lists one (what it bundles are devDependencies). The package is this
 *   folder as `npm pack` packs it (`files`: the built file and the notices, beside README.md, LICENSE and
 *   package.json, `private` while the brand says the package is not published).
 * - The endpoint at the edge (`--edge BUILD_DIR`: `npm run build`'s postbuild, after `docusaurus build`):
 *   BUILD_DIR/_worker.js, one ES module for workerd (Cloudflare Pages' advanced mode) from edge.ts. It
 *   also holds what the deployment publishes, worked out now so that no call of the worker pays for it:
 *   its document (BUILD_DIR/v2.0.json) and validate_request's validators compiled from that very document
 *   (the modules `./deployment/*.js` of edge.ts, made in memory, no file written)
 *   (workerd allows no `eval`: the two cannot disagree), and the search engine's state (src/search/engine.ts,
 *   `engineState`) over BUILD_DIR/search-index.json (a build with hosted DocSearch has none: its worker has
 *   no search_docs). BUILD_DIR/_routes.json sends `/mcp` alone to the worker: every other path stays a
 *   static file, served with `_headers` and `_redirects`.
 *
 *   npm run mcp:build          npm run build (its postbuild: npm run build:edge -w mcp -- BUILD_DIR)
 */
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { operations, OPENAPI_JSON_FILE, parseOpenapiDocument } from '../src/openapi/documentTree';
import { publishedRequestValidatorsModule, requestValidatorsModule } from '../src/openapi/requestSchemas';
import { engineState, type EngineState } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../src/search/records';
import { MCP_PATH } from './limits';
import pkg from './package.json';

const HERE = __dirname;
const OUT = path.join(HERE, 'dist/server.js');
const NOTICES = path.join(HERE, 'dist/THIRD-PARTY-NOTICES.md');
/** validate_request's validators, compiled ahead of time from the document the site publishes (mcp/validate.ts). */
const VALIDATORS = path.join(HERE, 'dist/requestValidators.js');
/** The worker of Pages' advanced mode, and the file that says which paths run it. */
const WORKER_FILE = '_worker.js';
const ROUTES_FILE = '_routes.json';

/**
 * Bundles `entry` into `outfile` with the settings of one output; `node`: Node's own modules may stay imports and
 * the file is executable (the package's bin), else nothing may (workerd). Returns the bundled inputs.
 */
async function bundle(entry: string, outfile: string, node: boolean, options: BuildOptions): Promise<string[]> {
  const result = await build({
    ...options,
    entryPoints: [path.join(HERE, entry)],
    outfile,
    write: false as const,
    bundle: true,
    metafile: true as const,
    logLevel: 'warning',
    legalComments: 'none',
    // Less to read and parse at each start; the package's licenses are in THIRD-PARTY-NOTICES.md.
    minify: true,
  });
  const external = [
    ...new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && !(node && isBuiltin(i.path)))
        .map((i) => i.path),
    ),
  ];
  if (external.length) throw new Error(`${path.basename(outfile)} imports ${external.join(', ')} at run time: it must hold them`);
  const [file] = result.outputFiles;
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  fs.writeFileSync(`${outfile}.tmp`, file.contents, { mode: node ? 0o755 : 0o644 });
  fs.renameSync(`${outfile}.tmp`, outfile);
  return Object.keys(result.metafile.inputs);
}

/**
 * THIRD-PARTY-NOTICES.md: the packages the bundle holds (from esbuild's inputs), each with its version,
 * its license and its license text, as their licenses ask of a copy.
 */
function notices(inputs: string[]): void {
  const folders = new Set<string>();
  for (const input of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) folders.add(match[1]);
  }
  const sections = [...folders].sort().map((folder) => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(folder, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      license?: string;
    };
    const file = fs.readdirSync(path.resolve(folder)).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
    const text = file
      ? fs.readFileSync(path.resolve(folder, file), 'utf8').trim()
      : `(no license file; package.json says ${manifest.license})`;
    return `## ${manifest.name} ${manifest.version} (${manifest.license ?? 'no license field'})\n\n\`\`\`text\n${text}\n\`\`\`\n`;
  });
  fs.writeFileSync(
    NOTICES,
    `# Third-party notices\n\ndist/server.js bundles these packages (${sections.length}); their licenses follow.\n\n${sections.join('\n')}`,
  );
}

/** A JSON value as the source of an expression: JSON.parse of a string, which V8 reads faster than an object literal. */
const parsed = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;

/** The modules `./deployment/*.js` of mcp/edge.ts (published.js has its type Deployment): made now, from the build folder, with no file written. */
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
    'published.js': () =>
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
      b.onResolve({ filter: /^\.\/deployment\/[\w.]+$/ }, (args) => {
        const name = args.path.slice('./deployment/'.length);
        if (!contents[name]) return { errors: [{ text: `the edge's build makes no module ${args.path}` }] };
        return { path: name, namespace: 'deployment' };
      });
      // The validators' requires (Ajv's runtime helpers, ajv-formats' formats) resolve from here.
      b.onLoad({ filter: /.*/, namespace: 'deployment' }, (args) => ({ contents: contents[args.path](), loader: 'js', resolveDir: HERE }));
    },
  };
}

/** The package: dist/server.js for Node, its validators compiled first, and the notices of what it bundles. */
async function packageBuild(): Promise<void> {
  if (Object.keys((pkg as { dependencies?: object }).dependencies ?? {}).length)
    throw new Error('mcp/package.json lists dependencies: the bundle holds them, list them in devDependencies');
  fs.mkdirSync(path.dirname(VALIDATORS), { recursive: true });
  fs.writeFileSync(VALIDATORS, publishedRequestValidatorsModule());
  const inputs = await bundle('server.ts', OUT, true, { platform: 'node', format: 'cjs', target: 'node20.19' });
  notices(inputs);
}

/** The endpoint at the edge: BUILD_DIR/_worker.js for workerd, with the deployment in it, and BUILD_DIR/_routes.json. */
async function edgeBuild(buildDir: string): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, 'index.html')) && !fs.existsSync(path.join(buildDir, 'llms.txt')))
    throw new Error(`${buildDir} is not a site build: run docusaurus build first`);
  await bundle('edge.ts', path.join(buildDir, WORKER_FILE), false, {
    // workerd: web APIs only; a Node module anywhere in the graph fails the build (it cannot be resolved).
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    format: 'esm',
    target: 'es2022',
    plugins: [deploymentModules(buildDir)],
  });
  fs.writeFileSync(path.join(buildDir, ROUTES_FILE), `${JSON.stringify({ version: 1, include: [MCP_PATH], exclude: [] }, null, 2)}\n`);
}

const [mode, dir] = process.argv.slice(2);
(mode === '--edge' ? edgeBuild(path.resolve(dir ?? path.join(HERE, '../build'))) : packageBuild()).catch((error: unknown) => {
  console.error(`mcp build${mode === '--edge' ? ' (edge)' : ''}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
