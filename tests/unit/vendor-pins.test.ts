/**
 * Code that reaches past a package's public API names the minor version it was
 * written against in its header ("docusaurus-theme-openapi-docs 5.2"): files
 * that replace or patch vendor code, and every file with a deep import of a
 * vendor path (a subpath the package's `exports` does not declare). This test
 * reads the installed version from package-lock.json: when the lockfile moves a
 * package to another major or minor version, it fails, so an upgrade is
 * reviewed file by file instead of passing unnoticed; a patch release moves no
 * header (a header that names a patch version is refused). The patch-package
 * patches in patches/ are held to the exact version their file names carry
 * (patch-package reads it there).
 *
 * Scanned: src/, scripts/, tests/, tools/, deploy/, mcp/ and the configuration
 * files at the root. Not scanned: webpack aliases keyed on vendor file paths
 * (strings and regular expressions that are not import specifiers).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { filesUnder } from '../../src/built/pages';

const ROOT = path.resolve(__dirname, '../..');

type Lock = { packages: Record<string, { version?: string }> };
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock;

const SCANNED_FOLDERS = ['src', 'scripts', 'tests', 'tools', 'deploy', 'mcp'];

/** The files whose imports and headers are checked, relative to the root. */
function scannedFiles(): string[] {
  const code = (name: string) => /\.(tsx?|mts|cts|jsx?|mjs|cjs|css)$/.test(name);
  const rootFiles = fs.readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isFile() && code(e.name));
  return [
    ...rootFiles.map((e) => e.name),
    ...SCANNED_FOLDERS.flatMap((dir) => filesUnder(path.join(ROOT, dir), code).map((f) => path.relative(ROOT, f))),
  ].sort();
}

/**
 * Subpaths of packages without an `exports` field that are their documented
 * entry points, not internals (each with where it is documented).
 */
const DOCUMENTED_ENTRY_POINTS: Record<string, string> = {
  'crypto-js/sha1': "crypto-js's README lists each algorithm's module (crypto-js/sha1, crypto-js/sha256) as the way to load one",
  'ajv/dist/2020.js': "Ajv's documentation (ajv.js.org, JSON Schema draft 2020-12) loads the draft 2020-12 class from ajv/dist/2020",
  'lodash/package.json':
    "a package's manifest, at its root by npm's rules: src/api-reference/vendor-aliases.ts finds lodash's folder from it",
};

/** The installed packages the lockfile lists at the top of node_modules, with their versions. */
function installed(lockfile: Lock): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, { version }] of Object.entries(lockfile.packages)) {
    const name = key.slice('node_modules/'.length);
    if (key.startsWith('node_modules/') && !name.includes('node_modules/') && version) out.set(name, version);
  }
  return out;
}

/** The file's header: its comments before the first statement that is not an import (a doc comment right after the imports counts). */
function headerOf(text: string): string {
  const lead = /^(?:#![^\n]*\n)?(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*|@?import\b[^;]*;)*/.exec(text)?.[0] ?? '';
  return (lead.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join('\n');
}

/** The package versions a header names ("@docsearch/react 4.7", "`@docsearch/css` (4.7)", also across a line break), as [package, version]. */
function namedVersions(header: string, packages: Map<string, string>): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const m of header.matchAll(/(?<![\w@/.-])`?((?:@[\w.-]+\/)?[\w.-]+)`?\s+(?:(?:\*|\/\/)\s+)?\(?v?(\d+\.\d+(?:\.\d+)?)\b/g)) {
    if (packages.has(m[1])) found.push([m[1], m[2]]);
  }
  return found;
}

/** The major.minor of a version ("4.7.12" -> "4.7"). */
const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

/** Whether a header's version names the installed one: the same major.minor ("4.7" names 4.7.0 and 4.7.12, not 4.70.0). */
const matches = (named: string, version: string) => named === minorOf(version);

/** Every module specifier of a file: import/export from, import(), require(), require.resolve(), CSS @import. */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport|\brequire(?:\.resolve)?|@import)\s*\(?\s*(['"])([^'"\s]+)\1/g)].map((m) => m[2]);
}

/** Whether the package's `exports` field declares `subpath` ("./modal"), by Node's rules: exact key, else the longest `*` pattern. */
function declares(exportsField: unknown, subpath: string): boolean {
  const map =
    typeof exportsField === 'object' &&
    exportsField !== null &&
    !Array.isArray(exportsField) &&
    Object.keys(exportsField).every((key) => key.startsWith('.'))
      ? (exportsField as Record<string, unknown>)
      : { '.': exportsField };
  if (subpath in map) return map[subpath] !== null;
  const pattern = Object.keys(map)
    .filter((key) => {
      const [before, after, more] = key.split('*');
      return more === undefined && after !== undefined && subpath.startsWith(before) && subpath.endsWith(after);
    })
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'))[0];
  return pattern !== undefined && map[pattern] !== null;
}

/** A package's `exports` field as installed (undefined when it has none). */
function exportsOf(name: string): unknown {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { exports?: unknown }).exports;
}

/**
 * The problems of one file: each version its header names that the lockfile does
 * not install, and each deep import of a vendor path that is neither declared in
 * the package's `exports` (nor a documented entry point of a package without
 * one) nor pinned by its header naming the package and the installed version.
 */
function problems(file: string, text: string, lockfile: Lock = lock, exportsOfPackage: (name: string) => unknown = exportsOf): string[] {
  const packages = installed(lockfile);
  const named = namedVersions(headerOf(text), packages);
  const out = named.flatMap(([name, version]) => {
    const installedVersion = packages.get(name) as string;
    if (version !== minorOf(version)) return [`${file} names ${name} ${version}: name the minor version (${minorOf(version)})`];
    return matches(version, installedVersion) ? [] : [`${file} is written for ${name} ${version}; the lockfile has ${installedVersion}`];
  });
  for (const specifier of new Set(specifiers(text))) {
    const m = /^((?:@[^/]+\/)?[^/]+)(\/.+)$/.exec(specifier);
    if (!m || isBuiltin(specifier) || !packages.has(m[1])) continue; // no subpath, relative, built in, or a Docusaurus alias
    const [, name, rest] = m;
    const exportsField = exportsOfPackage(name);
    const isPublic = exportsField === undefined ? Object.hasOwn(DOCUMENTED_ENTRY_POINTS, specifier) : declares(exportsField, `.${rest}`);
    if (isPublic || named.some(([n, version]) => n === name && matches(version, packages.get(name) as string))) continue;
    const why = exportsField === undefined ? `${name} has no exports field` : `${name}'s exports do not declare it`;
    out.push(`${file} imports ${specifier}: ${why}; name "${name} ${minorOf(packages.get(name) as string)}" in its header`);
  }
  return out;
}

test('every file that replaces, patches or deep-imports vendor code names the version the lockfile installs', () => {
  const files = scannedFiles();
  for (const dir of SCANNED_FOLDERS) {
    assert.ok(
      files.some((f) => f.startsWith(`${dir}/`)),
      `scans ${dir}/`,
    );
  }
  assert.ok(files.includes('docusaurus.config.ts'), 'scans the root configuration files');
  const texts = new Map(files.map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]));
  assert.deepEqual(
    [...texts].flatMap(([file, text]) => problems(file, text)),
    [],
  );
  // The scan sees the pins and the deep imports it is about, and each exception is still imported.
  const pinned = new Set([...texts.values()].flatMap((text) => namedVersions(headerOf(text), installed(lock)).map(([name]) => name)));
  for (const name of ['docusaurus-theme-openapi-docs', '@docsearch/react', '@stoplight/prism-http']) {
    assert.ok(pinned.has(name), `a header pins ${name}`);
  }
  const imported = new Set([...texts.values()].flatMap(specifiers));
  for (const specifier of ['@stoplight/prism-http/dist/router', ...Object.keys(DOCUMENTED_ENTRY_POINTS)]) {
    assert.ok(imported.has(specifier), `some file imports ${specifier}`);
  }
});

test('a wrong version, a patch version, an unpinned deep import and a pinned or public one are told apart (test of the test)', () => {
  const prismRouter = ['@stoplight/prism-http', 'dist', 'router'].join('/');
  const prismVersion = installed(lock).get('@stoplight/prism-http') as string;
  const prism = `@stoplight/prism-http ${minorOf(prismVersion)}`;
  const cases: Array<[string, string]> = [
    ['wrong-version.ts', '/**\n * Replaces X of docusaurus-theme-openapi-docs 9.9.\n */\nexport {};'],
    ['patch-version.ts', `/**\n * Uses @stoplight/prism-http ${prismVersion}'s router.\n */\nexport {};`],
    ['unpinned.ts', `/** A mock server. */\nimport {\n  createRouter,\n} from '${prismRouter}';`],
    ['unpinned-resolve.ts', `const file = require.resolve("${prismRouter}.js");`],
    ['pinned.ts', `import fs from 'node:fs';\n/**\n * Uses ${prism}'s router.\n */\nconst router = await import('${prismRouter}');`],
    ['pinned-too-late.ts', `const router = await import('${prismRouter}');\n/** Uses ${prism}'s router. */`],
    ['public.ts', `import { DocSearchModal } from '${['@docsearch/react', 'modal'].join('/')}';`],
    ['documented.ts', `import sha1 from '${['crypto-js', 'sha1'].join('/')}';`],
    ['alias.tsx', `import Layout from '${['@theme', 'Layout'].join('/')}';\nimport { readFile } from '${['fs', 'promises'].join('/')}';`],
  ];
  assert.deepEqual(
    cases.flatMap(([file, text]) => problems(file, text)),
    [
      `wrong-version.ts is written for docusaurus-theme-openapi-docs 9.9; the lockfile has ${installed(lock).get('docusaurus-theme-openapi-docs')}`,
      `patch-version.ts names @stoplight/prism-http ${prismVersion}: name the minor version (${minorOf(prismVersion)})`,
      `unpinned.ts imports ${prismRouter}: @stoplight/prism-http has no exports field; name "${prism}" in its header`,
      `unpinned-resolve.ts imports ${prismRouter}.js: @stoplight/prism-http has no exports field; name "${prism}" in its header`,
      `pinned-too-late.ts imports ${prismRouter}: @stoplight/prism-http has no exports field; name "${prism}" in its header`,
    ],
  );
  // "4.7" names 4.7.0 and 4.7.12, not 4.70.0 or 5.7.0, also across a line break; "4.7.12" is refused even when
  // installed (a lockfile and exports written here).
  const header = (version: string) => `/**\n * Patches x\n * ${version}.\n */\n`;
  const lockWith = (version: string): Lock => ({ packages: { 'node_modules/x': { version } } });
  const exportsOfX = () => ({ '.': './index.js', './public/*': './dist/*.js', './public/internal/*': null });
  assert.deepEqual(problems('a.ts', header('4.7'), lockWith('4.7.0')), []);
  assert.deepEqual(problems('a.ts', header('4.7'), lockWith('4.7.12')), []);
  assert.deepEqual(problems('a.ts', header('4.7'), lockWith('4.70.0')), ['a.ts is written for x 4.7; the lockfile has 4.70.0']);
  assert.deepEqual(problems('a.ts', header('4.7'), lockWith('5.7.0')), ['a.ts is written for x 4.7; the lockfile has 5.7.0']);
  assert.deepEqual(problems('a.ts', header('4.7.12'), lockWith('4.7.12')), ['a.ts names x 4.7.12: name the minor version (4.7)']);
  assert.deepEqual(
    ['x/public/a', 'x/public/internal/b', 'x/dist/c.js'].flatMap((s) => problems('b.ts', `import '${s}';`, lockWith('1.0.3'), exportsOfX)),
    [
      `b.ts imports x/public/internal/b: x's exports do not declare it; name "x 1.0" in its header`,
      `b.ts imports x/dist/c.js: x's exports do not declare it; name "x 1.0" in its header`,
    ],
  );
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
    const version = lock.packages[`node_modules/${name}`]?.version;
    return version === m[2] ? [] : [`${file} is written for ${name} ${m[2]}; the lockfile has ${version}`];
  });
  assert.deepEqual(drift, []);
});
