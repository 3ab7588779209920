/**
 * Files that replace or patch vendor code name the version they were written
 * against in their header ("docusaurus-theme-openapi-docs 5.2.0"). When the
 * lockfile moves a package off that version, this test fails, so an upgrade is
 * reviewed file by file instead of passing unnoticed. The same holds for the
 * patch-package patches in patches/, whose file names carry the version.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../../src/built/pages';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGES = [
  'docusaurus-theme-openapi-docs',
  'docusaurus-plugin-openapi-docs',
  '@docsearch/react',
  '@docsearch/css',
  '@docusaurus/theme-search-algolia',
];

type Lock = { packages: Record<string, { version?: string }> };
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock;

/** The versions each file's header (its first 15 lines) names, as [file, package, version]. */
function namedVersions(file: string, text: string): Array<[string, string, string]> {
  const header = text.split('\n').slice(0, 15).join('\n');
  return PACKAGES.flatMap((name) =>
    [...header.matchAll(new RegExp(`${name.replace(/[/.]/g, '\\$&')} (\\d+\\.\\d+(?:\\.\\d+)?)`, 'g'))].map(
      (m): [string, string, string] => [file, name, m[1]],
    ),
  );
}

/** Whether the installed version is the one named ("4.7" names any 4.7.x). */
const matches = (named: string, installed: string) => installed === named || installed.startsWith(`${named}.`);

test('every replaced or patched vendor file names the version the lockfile installs', () => {
  const files = filesUnder(path.join(ROOT, 'src'), (name) => /\.(tsx?|cjs|css)$/.test(name)).map((f) => path.relative(ROOT, f));
  const named = files.flatMap((f) => namedVersions(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
  assert.ok(
    named.some(([, name]) => name === 'docusaurus-theme-openapi-docs'),
    'the API page fork names its theme version',
  );
  assert.ok(
    named.some(([, name]) => name === '@docsearch/react'),
    'the eval-probe fix names its DocSearch version',
  );
  const drift = named.filter(([, name, version]) => !matches(version, lock.packages[`node_modules/${name}`]?.version ?? 'missing'));
  assert.deepEqual(
    drift.map(
      ([file, name, version]) =>
        `${file} is written for ${name} ${version}; the lockfile has ${lock.packages[`node_modules/${name}`]?.version}`,
    ),
    [],
  );
});

test('a header naming another version is caught (test of the test)', () => {
  const [[, name, version]] = namedVersions('x.ts', '/**\n * Replaces X of docusaurus-theme-openapi-docs 9.9.9.\n */');
  assert.equal(name, 'docusaurus-theme-openapi-docs');
  assert.equal(matches(version, lock.packages['node_modules/docusaurus-theme-openapi-docs']?.version ?? ''), false);
  assert.equal(matches('4.7', '4.7.0'), true);
  assert.equal(matches('4.7', '4.70.0'), false);
});

test('every patch in patches/ names the version the lockfile installs (patch-package file names)', () => {
  const dir = path.join(ROOT, 'patches');
  const patches = fs.readdirSync(dir).filter((f) => f.endsWith('.patch'));
  assert.ok(patches.length > 0, 'patches/ holds the patch-package patches');
  const drift = patches.flatMap((file) => {
    // "@docusaurus+theme-search-algolia+3.10.2.patch": the package name with "+" for "/", then the version.
    const m = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(file);
    if (!m) return [`${file}: not a patch-package file name`];
    const name = m[1].replace(/\+/g, '/');
    const installed = lock.packages[`node_modules/${name}`]?.version;
    return installed === m[2] ? [] : [`${file} is written for ${name} ${m[2]}; the lockfile has ${installed}`];
  });
  assert.deepEqual(drift, []);
});
