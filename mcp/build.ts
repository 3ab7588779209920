/**
 * Builds the package's one file, dist/server.js: esbuild bundles server.ts with
 * the modules of this repository it imports (mcp/ and the src/ modules they
 * use) into CommonJS for Node 20.19, and leaves every npm package outside, to
 * be installed from `dependencies`. The build then checks that the packages the
 * bundle requires are exactly those `dependencies` lists, so the package never
 * works only because this repository's node_modules holds something.
 *
 * It then stages the package as it is published, in dist/package/: the built
 * file, README.md, LICENSE and a package.json of the fields a user's npm reads
 * (no `private`, no scripts, no devDependencies: nothing that points at a file
 * of this repository). `npm run mcp:pack` packs that folder.
 *
 *   npm run mcp:build          (or, in mcp/, npm run build)
 */
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import pkg from './package.json';

const HERE = __dirname;
const OUT = path.join(HERE, 'dist/server.js');
/** The package as it is published: what `npm run mcp:pack` packs. */
const STAGE = path.join(HERE, 'dist/package');

/** The fields of mcp/package.json that the published package keeps, in this order. */
const PUBLISHED_FIELDS = [
  'name',
  'version',
  'description',
  'license',
  'homepage',
  'repository',
  'mcpName',
  'keywords',
  'bin',
  'files',
  'engines',
  'dependencies',
] as const;

function stage(): void {
  fs.rmSync(STAGE, { recursive: true, force: true });
  fs.mkdirSync(path.join(STAGE, 'dist'), { recursive: true });
  fs.copyFileSync(OUT, path.join(STAGE, 'dist/server.js'));
  for (const file of ['README.md', 'LICENSE']) fs.copyFileSync(path.join(HERE, file), path.join(STAGE, file));
  const published = Object.fromEntries(PUBLISHED_FIELDS.map((field) => [field, pkg[field]]));
  fs.writeFileSync(path.join(STAGE, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
}

/** The package an import specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

async function main(): Promise<void> {
  const result = await build({
    entryPoints: [path.join(HERE, 'server.ts')],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.19',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  const required = new Set(
    Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((i) => i.external && !isBuiltin(i.path))
      .map((i) => packageOf(i.path)),
  );
  const declared = new Set(Object.keys(pkg.dependencies));
  const undeclared = [...required].filter((name) => !declared.has(name));
  const unused = [...declared].filter((name) => !required.has(name));
  if (undeclared.length || unused.length) {
    throw new Error(
      [
        undeclared.length ? `the bundle requires ${undeclared.join(', ')}, which mcp/package.json's dependencies do not list` : '',
        unused.length ? `mcp/package.json's dependencies list ${unused.join(', ')}, which the bundle does not require` : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
  stage();
}

main().catch((error: unknown) => {
  console.error(`mcp build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
