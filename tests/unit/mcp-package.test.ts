/**
 * The MCP server as it ships: the npm package (`npm pack` in mcp/), installed
 * into an empty folder outside this repository and run by its bin with Node
 * alone, through the SDK's client over stdio; and the MCP Bundle's manifest
 * (mcp/manifest.json), validated by the `mcpb` CLI and compared with the tools
 * the server registers, as its client lists them.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brand } from '../../src/brand';
import { MCP_PATH } from '../../mcp/limits';
import { call as documentedCall, requestExamples } from '../openapi';
import { serveBuild } from '../../harness/servers';
import { assertServerBuilt, startServer, type ServerProcess } from '../../harness/mcp-client';
import { assertBuilt, BUILD_DIR } from './build-output';

const ROOT = path.resolve(__dirname, '../..');
const MCP_DIR = path.join(ROOT, 'mcp');
const pkg = JSON.parse(fs.readFileSync(path.join(MCP_DIR, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};
const manifest = JSON.parse(fs.readFileSync(path.join(MCP_DIR, 'manifest.json'), 'utf8'));
const registryEntry = JSON.parse(fs.readFileSync(path.join(MCP_DIR, 'server.json'), 'utf8'));

let site: { base: string; stop: () => void };
let temp: string;
let repoServer: ServerProcess;

before(async () => {
  assertBuilt();
  assertServerBuilt();
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-mcp-package-'));
  [site, repoServer] = await Promise.all([serveBuild(BUILD_DIR), startServer(['--site', 'http://127.0.0.1:9'])]);
});

after(async () => {
  await repoServer?.close();
  site?.stop();
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test('npm pack in mcp/ builds first, as npm publish would, and the tarball installs into an empty folder and runs with Node alone', async () => {
  // As an author packs it: in the package's folder, with its scripts (prepack builds; the build swaps its file in whole).
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', temp], MCP_DIR)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  assert.deepEqual(
    packed.files.map((f) => f.path).sort(),
    ['LICENSE', 'README.md', 'dist/THIRD-PARTY-NOTICES.md', 'dist/server.js', 'package.json'],
    'the package holds the built file, its README, its license and the licenses of what the file bundles',
  );

  const app = path.join(temp, 'app');
  fs.mkdirSync(app);
  npm(['install', '--prefix', app, '--no-audit', '--no-fund', '--prefer-offline', path.join(temp, packed.filename)], app);
  const packages = Object.keys(
    (JSON.parse(fs.readFileSync(path.join(app, 'node_modules/.package-lock.json'), 'utf8')) as { packages: object }).packages,
  ).length;
  // The file bundles what it needs: npm installs this package alone (its size on disk: npm run bench:mcp).
  assert.equal(packages, 1, 'this package and nothing else');

  // Node alone: the bin's `#!/usr/bin/env node` finds Node on a PATH that has nothing of this repository's.
  const bin = path.join(app, 'node_modules/.bin', Object.keys(pkg.bin)[0]);
  const server = await startServer(['--site', site.base], {
    command: bin,
    cwd: app,
    env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, NODE_OPTIONS: '', NODE_PATH: '' },
  });
  try {
    const [installed, repo] = await Promise.all([server.client.listTools(), repoServer.client.listTools()]);
    assert.deepEqual(installed.tools, repo.tools);
    assert.equal(server.client.getServerVersion()?.version, pkg.version);
    const fixedPrice = Object.fromEntries(requestExamples(documentedCall('createCharge'))).fixedPrice;
    // One call per dependency the bundle requires: the engine (minisearch), the document (yaml), Ajv's compiled validators (validate_request).
    for (const [name, args] of [
      ['search_docs', { query: 'create a fixed-price charge' }],
      ['get_operation', { operation: 'createCharge', responses: false }],
      ['validate_request', { operation: 'createCharge', body: fixedPrice }],
      ['read_page', { page: '/guides/charges/creating#fixed-price' }],
    ] as const) {
      const result = await server.client.callTool({ name, arguments: args });
      const text = (result.content as Array<{ text?: string }>).map((c) => c.text).join('\n');
      assert.equal(result.isError, undefined, `${name}: ${text.slice(0, 300)}`);
    }
    const verdict = await server.client.callTool({ name: 'validate_request', arguments: { operation: 'createCharge', body: fixedPrice } });
    assert.equal(JSON.parse((verdict.content as Array<{ text: string }>)[0].text).valid, true);
  } finally {
    await server.close();
  }
});

test('the package.json is ready to publish once the brand says so: license, repository, homepage, mcpName; no dependencies', () => {
  const published = JSON.parse(fs.readFileSync(path.join(MCP_DIR, 'package.json'), 'utf8')) as Record<string, unknown>;
  // npm refuses to publish a private package: private until the provider owns the name (src/brand.ts).
  assert.equal(published.private === true, !brand.mcp.published, 'private exactly while the brand says unpublished');
  assert.equal(published.dependencies, undefined, 'no dependencies: the file bundles them');
  // Every package the file bundles is named in the notices, with its license text.
  const notices = fs.readFileSync(path.join(MCP_DIR, 'dist/THIRD-PARTY-NOTICES.md'), 'utf8');
  for (const name of ['@modelcontextprotocol/sdk', 'zod', 'yaml', 'minisearch', 'stopwords-en', 'ajv'])
    assert.match(notices, new RegExp(`^## ${name} \\d`, 'm'));
  assert.ok(!/prism|faker|postman/i.test(notices), 'no Prism in the package');
  assert.equal(published.name, pkg.name);
  assert.equal(published.version, pkg.version);
  // The root project declares no license: the package says so rather than invent one.
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { license?: string };
  assert.equal(published.license, root.license ?? 'UNLICENSED');
  assert.match(fs.readFileSync(path.join(MCP_DIR, 'LICENSE'), 'utf8'), /^UNLICENSED\n/);
  assert.equal(published.homepage, brand.siteUrl);
  assert.deepEqual(published.repository, { type: 'git', url: brand.repositoryUrl, directory: 'mcp' });
  assert.deepEqual(Object.keys(published.bin as object), [pkg.name]);
  // The MCP Registry's entry: its name is the package's mcpName, its npm package this one, at this version.
  assert.equal(published.mcpName, registryEntry.name);
  assert.equal(pkg.name, brand.mcp.packageName, 'the package is named by the brand');
  // The hosted endpoint beside the package: Streamable HTTP at the site's /mcp (mcp/edge.ts).
  assert.deepEqual(registryEntry.remotes, [{ type: 'streamable-http', url: `${brand.siteUrl}${MCP_PATH}` }]);
  assert.equal(registryEntry.version, pkg.version);
  assert.match(registryEntry.$schema, /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/);
  assert.ok(registryEntry.description.length <= 100, 'the registry takes at most 100 characters');
  assert.deepEqual(
    registryEntry.packages.map((p: Record<string, unknown>) => [
      p.registryType,
      p.identifier,
      p.version,
      (p.transport as { type: string }).type,
    ]),
    [['npm', pkg.name, pkg.version, 'stdio']],
  );
  assert.deepEqual(
    registryEntry.packages[0].environmentVariables.map((v: { name: string }) => v.name),
    Object.keys(manifest.server.mcp_config.env),
  );
  // The README gives the setup of each client: by the npm name once it is published, until then by the built file.
  const readme = fs.readFileSync(path.join(MCP_DIR, 'README.md'), 'utf8');
  for (const client of ['Claude Code', 'Cursor', 'VS Code', 'Claude Desktop']) assert.ok(readme.includes(`**${client}**`), client);
  if (brand.mcp.published) assert.ok(readme.includes(`claude mcp add crypto-payments-docs -- npx -y ${pkg.name}`));
  else {
    assert.doesNotMatch(readme, /\bnpx\b|npm (install|i) /, 'no command runs an unpublished name');
    assert.ok(readme.includes('claude mcp add crypto-payments-docs -- node /path/to/docs/mcp/dist/server.js'));
    assert.ok(readme.includes(brand.repositoryUrl));
  }
});

test('the MCP Bundle’s manifest validates, and names every tool the server registers', async () => {
  const validated = npm(['run', '--silent', 'validate', '-w', 'mcp'], ROOT);
  assert.match(validated, /Manifest schema validation passes/);
  const { tools } = await repoServer.client.listTools();
  assert.deepEqual(manifest.tools.map((t: { name: string }) => t.name).sort(), tools.map((t) => t.name).sort());
  // The bundle runs the package's own file, under the package's name and version, with the brand's defaults.
  assert.equal(manifest.name, pkg.name);
  assert.equal(manifest.version, pkg.version);
  assert.equal(manifest.server.entry_point, Object.values(pkg.bin)[0]);
  assert.deepEqual(manifest.server.mcp_config.args, [`\${__dirname}/${manifest.server.entry_point}`]);
  assert.deepEqual(manifest.server.mcp_config.env, {
    DOCS_MCP_SITE: '${user_config.site}',
    DOCS_MCP_LOCAL_SANDBOX: '${user_config.local_sandbox}',
  });
  assert.equal(manifest.user_config.site.default, brand.siteUrl);
  assert.equal(manifest.user_config.local_sandbox.default, brand.localSandboxApiUrl);
  // An icon (a PNG the bundle carries) and the package's license.
  assert.equal(manifest.license, JSON.parse(fs.readFileSync(path.join(MCP_DIR, 'package.json'), 'utf8')).license);
  assert.deepEqual([...fs.readFileSync(path.join(MCP_DIR, manifest.icon)).subarray(1, 4)], [...Buffer.from('PNG')]);
  assert.match(fs.readFileSync(path.join(MCP_DIR, 'bundle.ts'), 'utf8'), /'icon\.png'/, 'the bundle copies the icon');
});
