/**
 * Builds the package's one file, dist/server.js. First validate_request's
 * validators are compiled from openapi/v2.0.yaml (the document the site
 * publishes) into generated/requestValidators.js (Ajv's standalone code). Then
 * esbuild bundles server.ts with the modules of this repository it imports
 * (mcp/ and the src/ modules they use) and the npm packages they use (the SDK,
 * zod, yaml, minisearch, Ajv's runtime) into one CommonJS file for Node 20.19,
 * and writes THIRD-PARTY-NOTICES.md with those packages' licenses. The package
 * has no dependencies, so npx installs one package: the build fails when the
 * file still requires a package at run time, or when mcp/package.json lists a
 * dependency (the packages it bundles are devDependencies).
 *
 * The package is this folder as `npm pack` packs it: its `prepack` runs this
 * build, and `files` takes the built file and the notices, beside README.md,
 * LICENSE and package.json (`private` while the brand says the package is not
 * published: npm then refuses to publish it).
 *
 *   npm run mcp:build          (or, in mcp/, npm run build; npm pack builds first)
 */
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { publishedRequestValidatorsModule } from '../src/openapi/requestSchemas';
import pkg from './package.json';

const HERE = __dirname;
const OUT = path.join(HERE, 'dist/server.js');
const NOTICES = path.join(HERE, 'dist/THIRD-PARTY-NOTICES.md');

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

/** validate_request's validators, compiled ahead of time from the document the site publishes (mcp/validate.ts). */
const VALIDATORS = path.join(HERE, 'generated/requestValidators.js');

async function main(): Promise<void> {
  fs.mkdirSync(path.dirname(VALIDATORS), { recursive: true });
  fs.writeFileSync(VALIDATORS, publishedRequestValidatorsModule());
  const result = await build({
    entryPoints: [path.join(HERE, 'server.ts')],
    outfile: OUT,
    // Written below in one rename: a server started meanwhile (the tests run beside `npm pack`) reads a whole file.
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.19',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    // Less to read and parse at each start (npx runs it cold); the licenses are in THIRD-PARTY-NOTICES.md.
    minify: true,
  });
  // Every package is in the file: the published package has no dependencies to install.
  const external = [
    ...new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && !isBuiltin(i.path))
        .map((i) => i.path),
    ),
  ];
  if (external.length) throw new Error(`the bundle requires ${external.join(', ')} at run time: bundle it`);
  if (Object.keys((pkg as { dependencies?: object }).dependencies ?? {}).length)
    throw new Error('mcp/package.json lists dependencies: the bundle holds them, list them in devDependencies');
  const [file] = result.outputFiles;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(`${OUT}.tmp`, file.contents, { mode: 0o755 });
  fs.renameSync(`${OUT}.tmp`, OUT);
  notices(Object.keys(result.metafile.inputs));
}

main().catch((error: unknown) => {
  console.error(`mcp build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
