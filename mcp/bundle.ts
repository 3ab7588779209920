/**
 * Makes the MCP Bundle (`.mcpb`, for a one-click install in Claude Desktop):
 * manifest.json, the built server (dist/server.js, which holds every package
 * it needs), its icon, README, license and third-party notices, packed by the `mcpb` CLI (@anthropic-ai/mcpb) into
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
  // mcpb prints its progress on stdout: it goes to this script's stderr, stdout stays for the bundle's path.
  execFileSync(command, args, { cwd, stdio: ['ignore', process.stderr, 'inherit'] });
}

const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-mcpb-'));
try {
  fs.mkdirSync(path.join(stage, 'dist'));
  fs.copyFileSync(path.join(HERE, 'dist/server.js'), path.join(stage, 'dist/server.js'));
  for (const file of ['manifest.json', 'icon.png', 'LICENSE', 'README.md']) fs.copyFileSync(path.join(HERE, file), path.join(stage, file));
  fs.copyFileSync(path.join(HERE, 'dist/THIRD-PARTY-NOTICES.md'), path.join(stage, 'THIRD-PARTY-NOTICES.md'));
  // The built file holds every package it needs (mcp/build.ts): the bundle installs none.
  const { name, version, description, engines } = pkg;
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify({ name, version, description, engines }, null, 2)}\n`);
  fs.rmSync(OUT, { force: true });
  run('mcpb', ['pack', stage, OUT], HERE);
  console.log(OUT);
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
