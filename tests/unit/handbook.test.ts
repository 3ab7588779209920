/**
 * The map holds true: every path and npm script that README.md and the handbook (handbook/*.md) name exists,
 * and the layout (handbook/layout.md and layout-tools.md) names every source file outside tests/ (by its path, or by
 * its file name under its folder's entry; a component's index.tsx by its folder). Each topic file stays short enough
 * to read at once: at most about 1,000 words, and no line past 200 characters outside a table. Generated folders (build/, api/, mcp/dist/, …)
 * and patterns (`docs/<section>/<page>.mdx`, `*.ts`) are not checked: they exist after a build, or name many.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../../src/built/pages';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const DOCS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'handbook')).map((file) => `handbook/${file}`)].filter((f) =>
  f.endsWith('.md'),
);

/** The repository's own folders that a named path starts with; the generated ones among them are skipped. */
const ROOMS =
  /^(src|mcp|tests|scripts|harness|relevance|deploy|sandbox|handbook|bench|openapi|docs|help-center|reference|static|patches|i18n|\.ci)\//;
const GENERATED = /^(mcp\/dist|\.generated|build|build-hosted|build-nginx|api|node_modules|\.bench|test-results)\//;

test('every path README.md and the handbook name in code spans exists', () => {
  const missing: string[] = [];
  for (const doc of DOCS) {
    for (const [, span] of read(doc).matchAll(/`([^`\s]+)`/g)) {
      const named = span.replace(/[.,:;]+$/, '').split('#')[0];
      if (!ROOMS.test(named) || GENERATED.test(named) || /[*<>{}$]/.test(named)) continue;
      if (!fs.existsSync(path.join(ROOT, named))) missing.push(`${doc}: ${named}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every npm script README.md and the handbook name is a script of the project or of mcp/', () => {
  const scripts = (file: string) => Object.keys((JSON.parse(read(file)) as { scripts: object }).scripts);
  const known = new Set([...scripts('package.json'), ...scripts('mcp/package.json')]);
  const unknown: string[] = [];
  for (const doc of DOCS) {
    for (const [, name] of read(doc).matchAll(/npm run (?:--silent )?([\w:.-]+)/g)) {
      const script = name.replace(/[.:]+$/, '');
      if (!known.has(script)) unknown.push(`${doc}: npm run ${script}`);
    }
  }
  assert.deepEqual(unknown, []);
  assert.ok(known.has('test') && known.has('bench:mcp'));
});

test('the layout (handbook/layout.md, layout-tools.md) names every source file outside tests/', () => {
  const layout = read('handbook/layout.md') + read('handbook/layout-tools.md');
  const sources = ['src', 'mcp', 'scripts', 'bench', 'harness', 'relevance', 'deploy', 'local-sandbox']
    .flatMap((room) => filesUnder(path.join(ROOT, room), (name) => /\.(ts|tsx|mjs|cjs|sh)$/.test(name)))
    .map((file) => path.relative(ROOT, file))
    .filter((file) => !/(^|\/)(node_modules|dist|generated)\//.test(file) && !file.endsWith('.d.ts'));
  assert.ok(sources.length > 100, `${sources.length} source files`);
  const named = (file: string) => {
    const base = path.basename(file);
    if (layout.includes(file) || new RegExp(`(^|[\\s(,])${base.replace(/\./g, '\\.')}\\b`, 'm').test(layout)) return true;
    // A component's index.tsx: by its folder's name.
    return base.startsWith('index.') && layout.includes(path.basename(path.dirname(file)));
  };
  assert.deepEqual(
    sources.filter((file) => !named(file)),
    [],
  );
});

/** About 1,000 words: a topic file a maintainer reads at once. */
const MAX_WORDS = 1_100;
const MAX_LINE = 200;

test(`each handbook topic file has at most ${MAX_WORDS} words, and no line past ${MAX_LINE} characters outside a table`, () => {
  const over: string[] = [];
  for (const doc of DOCS.filter((d) => d.startsWith('handbook/'))) {
    const text = read(doc);
    const words = text.split(/\s+/).filter(Boolean).length;
    if (words > MAX_WORDS) over.push(`${doc}: ${words} words`);
    text.split('\n').forEach((line, i) => {
      if (!line.startsWith('|') && line.length > MAX_LINE) over.push(`${doc}:${i + 1}: ${line.length} characters`);
    });
  }
  assert.deepEqual(over, []);
});
