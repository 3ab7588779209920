/**
 * The MCP package as a user gets it: the install of its tarball into an empty folder (size on disk and
 * packages) and the cold `npx` start to the first tool answer (a fresh npm cache, so npx installs
 * everything it needs, then the SDK's client calls search_docs over stdio against the build served locally).
 *
 *   npm run mcp:build && npm run build && node --import tsx bench/bench-mcp-package.ts [--tarball FILE] [--runs N]
 *
 * Without --tarball it packs mcp/ as an author does (`npm pack`, which builds first). Figures go to stdout.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serveBuild } from '../harness/servers';

const ROOT = path.resolve(__dirname, '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};

/** Packs mcp/ into `temp` (its prepack builds it first); returns the tarball. */
function pack(temp: string): string {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', temp], { cwd: path.join(ROOT, 'mcp'), encoding: 'utf8' }),
  ) as Array<{ filename: string }>;
  return path.join(temp, packed.filename);
}

/** The tarball installed into an empty folder of `temp`: its size on disk (KB) and how many packages it brought. */
function install(tarball: string, temp: string): { kilobytes: number; packages: number } {
  const app = fs.mkdtempSync(path.join(temp, 'app-'));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: app, stdio: 'ignore' });
  const kilobytes = Number(execFileSync('du', ['-sk', path.join(app, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]);
  const lock = JSON.parse(fs.readFileSync(path.join(app, 'node_modules/.package-lock.json'), 'utf8')) as { packages: object };
  return { kilobytes, packages: Object.keys(lock.packages).length };
}

/** The package as a user installs it (npm run bench:mcp's row). */
export function installedPackage(): { kilobytes: number; packages: number } {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-mcp-install-'));
  try {
    return install(pack(temp), temp);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-mcp-bench-'));
  const site = await serveBuild(path.join(ROOT, 'build'));
  try {
    const tarball = path.resolve(arg('--tarball') ?? pack(temp));
    const { kilobytes, packages } = install(tarball, temp);
    console.log(`install: ${(kilobytes / 1024).toFixed(1)} MB in node_modules, ${packages} packages`);

    const runs = Number(arg('--runs') ?? 3);
    for (let run = 1; run <= runs; run += 1) {
      // A fresh cache each run: npx downloads and installs what the package needs, as on a new machine.
      const cache = fs.mkdtempSync(path.join(temp, 'cache-'));
      const started = performance.now();
      const transport = new StdioClientTransport({
        command: 'npx',
        args: ['-y', `file:${tarball}`, '--site', site.base],
        cwd: temp,
        env: { ...(process.env as Record<string, string>), npm_config_cache: cache, DOCS_MCP_SITE: '', DOCS_MCP_SANDBOX: '' },
        stderr: 'ignore',
      });
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await client.connect(transport);
      const since = () => ((performance.now() - started) / 1000).toFixed(2);
      const connected = since();
      const schema = await client.callTool({ name: 'get_schema', arguments: { name: 'Charge' } });
      const first = since();
      const search = await client.callTool({ name: 'search_docs', arguments: { query: 'create a charge' } });
      const searched = since();
      await client.close();
      if (schema.isError || search.isError) throw new Error('a tool failed');
      console.log(
        `cold npx run ${run}: connected ${connected} s, first tool answer (get_schema) ${first} s, first search_docs ${searched} s`,
      );
    }
  } finally {
    site.stop();
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
