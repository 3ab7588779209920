/**
 * Builds the package's one file, dist/server.js: esbuild bundles server.ts with
 * the modules of this repository it imports (mcp/ and the src/ modules they
 * use) into CommonJS for Node 20.19, and leaves every npm package outside, to
 * be installed from `dependencies`. The build then checks that the packages the
 * bundle requires are exactly those `dependencies` lists, so the package never
 * works only because this repository's node_modules holds something.
 *
 *   npm run mcp:build          (or, in mcp/, npm run build; npm pack runs it first)
 */
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import pkg from './package.json';

const HERE = __dirname;
const OUT = path.join(HERE, 'dist/server.js');

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
}

main().catch((error: unknown) => {
  console.error(`mcp build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
