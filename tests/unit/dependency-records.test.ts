/**
 * The records kept about dependencies stay true:
 * - a package pinned in both manifests (the site's package.json and the MCP package's mcp/package.json, Ajv
 *   among them) has one version in both, so the sandbox's violation finder and validate_request run the same Ajv;
 * - every override in package.json is named, with its reason, under "Overrides, each with its reason" in
 *   handbook/dependencies.md, and that list names no override that is gone;
 * - every package of that page's "Versions held back" table is pinned at the version the table says it is held at.
 *
 * Run: node --import tsx --test tests/unit/dependency-records.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

type Manifest = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
};
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Manifest;
const site = read('package.json');
const mcp = read('mcp/package.json');

const pins = (m: Manifest) => ({ ...m.devDependencies, ...m.dependencies });

test('a package pinned in both manifests has one version (Ajv among them)', () => {
  const ours = pins(site);
  const theirs = pins(mcp);
  const shared = Object.keys(theirs).filter((name) => name in ours);
  assert.ok(
    shared.includes('ajv') && shared.includes('ajv-formats') && shared.includes('@modelcontextprotocol/sdk'),
    `Ajv and the SDK are expected in both manifests; shared: ${shared.join(', ')}`,
  );
  const differ = shared.filter((name) => ours[name] !== theirs[name]).map((n) => `${n}: ${ours[n]} / ${theirs[n]}`);
  assert.deepEqual(differ, [], 'package.json and mcp/package.json pin these differently');
});

/** The top-level names of package.json's overrides, and of the overrides nested under a package. */
function overrideNames(overrides: Record<string, unknown>): string[] {
  return Object.entries(overrides).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null ? Object.keys(value).map((inner) => `${name} → ${inner}`) : [name],
  );
}

/** The text of handbook/dependencies.md under a `###` heading, up to the next heading. */
function handbookSection(heading: string): string {
  const text = fs.readFileSync(path.join(ROOT, 'handbook/dependencies.md'), 'utf8');
  const start = text.indexOf(`### ${heading}`);
  assert.ok(start >= 0, `handbook/dependencies.md has the heading "${heading}"`);
  return text.slice(start).split(/\n#{2,3} /)[0];
}

/** The backticked names at the start of each bullet of the handbook's overrides list. */
function namedInHandbook(): string[] {
  return handbookSection('Overrides, each with its reason')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .flatMap((line) => {
      const lead = line.split(': ')[0];
      const names = [...lead.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      return lead.includes('→') ? [names.join(' → ')] : names;
    });
}

test('every override is named with its reason in handbook/dependencies.md, and no other', () => {
  const actual = overrideNames(site.overrides ?? {}).sort();
  assert.ok(actual.length > 0, 'package.json has overrides');
  assert.deepEqual(namedInHandbook().sort(), actual);
});

test('every version held back is pinned where the handbook says it is held', () => {
  const rows = handbookSection('Versions held back, and when they return')
    .split('\n')
    .map((line) => line.match(/^\| `([^`]+)` +\| ([^ |]+) +\|/))
    .filter((match) => match !== null);
  assert.ok(rows.length > 0, 'the table lists packages held back');
  const pinned = pins(site);
  const wrong = rows
    .filter(([, name, heldAt]) => pinned[name] !== heldAt && !pinned[name]?.startsWith(`${heldAt}.`))
    .map(([, name, heldAt]) => `${name}: held at ${heldAt}, pinned ${pinned[name] ?? 'nowhere'}`);
  assert.deepEqual(wrong, []);
});
