/**
 * Makes the MCP Bundle (`.mcpb`, for a one-click install in Claude Desktop):
 * manifest.json, the built server (dist/server.js) and the production
 * dependencies it requires, installed by npm from the versions package.json
 * pins, packed by the `mcpb` CLI (@anthropic-ai/mcpb) into
 * dist/crypto-payments-docs-mcp-<version>.mcpb. The folder it packs is a
 * temporary one, outside this repository, so npm sees no workspace there.
 *
 *   npm run mcp:bundle          (or, in mcp/, npm run bundle: it builds first)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pkg from './package.json';

const HERE = __dirname;
const OUT = path.join(HERE, 'dist', `${pkg.name}-${pkg.version}.mcpb`);

function run(command: string, args: string[], cwd: string): void {
  // npm and mcpb print their progress on stdout: it goes to this script's stderr, stdout stays for the bundle's path.
  execFileSync(command, args, { cwd, stdio: ['ignore', process.stderr, 'inherit'] });
}

const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-mcpb-'));
try {
  fs.mkdirSync(path.join(stage, 'dist'));
  fs.copyFileSync(path.join(HERE, 'dist/server.js'), path.join(stage, 'dist/server.js'));
  for (const file of ['manifest.json', 'icon.png', 'LICENSE', 'README.md']) fs.copyFileSync(path.join(HERE, file), path.join(stage, file));
  const { name, version, description, engines, dependencies } = pkg;
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify({ name, version, description, engines, dependencies }, null, 2)}\n`);
  run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], stage);
  fs.rmSync(OUT, { force: true });
  run('mcpb', ['pack', stage, OUT], HERE);
  console.log(OUT);
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
