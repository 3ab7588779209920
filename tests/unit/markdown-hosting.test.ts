/** The CDN files of the build serve the Markdown twins and the llms.txt files as text, revalidated like the pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../../src/built/pages';
import { assertBuilt, BUILD_DIR } from './build-output';
import { contentRoutes } from '../fixtures/routes';
import { calls } from '../openapi';

/** `_headers` as path -> header name (lowercase) -> value. */
function headerBlocks(): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      blocks.set(line.trim(), current);
    } else {
      const [name, ...value] = line.trim().split(':');
      current?.set(name.toLowerCase(), value.join(':').trim());
    }
  }
  return blocks;
}

function markdownFiles(): string[] {
  return filesUnder(BUILD_DIR, (name) => name.endsWith('.md')).map(
    (file) => '/' + path.relative(BUILD_DIR, file).split(path.sep).join('/'),
  );
}

test('_headers serves every twin as text/markdown and the llms files as text/plain, revalidated', () => {
  assertBuilt();
  const blocks = headerBlocks();
  const twins = markdownFiles();
  assert.ok(twins.length > contentRoutes.length + calls.length, `expected a twin per page, found ${twins.length}`);
  const problems: string[] = [];
  for (const twin of twins) {
    const headers = blocks.get(twin);
    if (headers?.get('content-type') !== 'text/markdown; charset=utf-8') problems.push(`${twin}: ${headers?.get('content-type')}`);
    if (headers?.get('cache-control') !== 'no-cache') problems.push(`${twin}: cache ${headers?.get('cache-control')}`);
  }
  for (const file of ['/llms.txt', '/llms-full.txt']) {
    assert.ok(fs.existsSync(path.join(BUILD_DIR, file)), `${file} is built`);
    assert.equal(blocks.get(file)?.get('content-type'), 'text/plain; charset=utf-8', file);
    assert.equal(blocks.get(file)?.get('cache-control'), 'no-cache', file);
  }
  // No rule for a twin that the build does not have.
  for (const pattern of blocks.keys()) if (pattern.endsWith('.md') && !twins.includes(pattern)) problems.push(`${pattern}: no such file`);
  assert.deepEqual(problems.slice(0, 20), []);
});
