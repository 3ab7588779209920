/**
 * What Cloudflare Pages does with the build's own files, under workerd (`wrangler pages dev`): it reads
 * every rule of `_headers` and `_redirects` and skips none, and serves assets, twins and llms.txt with
 * their types and cache rules.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { parseHeaders, parseRedirects } from '../../cdn';
import { BUILD_DIR } from '../build-output';
import { hosts, rawGet } from './hosts';

test('wrangler reads every rule of _headers and _redirects and skips none', () => {
  const headers = parseHeaders(fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));
  const redirects = parseRedirects(fs.readFileSync(path.join(BUILD_DIR, '_redirects'), 'utf8'));
  const output = hosts.wrangler.output();
  assert.match(output, new RegExp(`Parsed ${headers.length} valid header rules`));
  assert.match(output, new RegExp(`Parsed ${redirects.length} valid redirect rules`));
  assert.doesNotMatch(output, /Skipping|Maximum number of rules|invalid/i);
});

test('Cloudflare: hashed assets are immutable for a year; twins are Markdown and llms.txt text, both revalidated', async () => {
  const origin = hosts.wrangler.origin;
  const $ = cheerio.load((await rawGet(origin, '/guides/charges')).body.toString());
  const main = $('script[src^="/assets/js/main."]').attr('src') as string;
  const js = await rawGet(origin, main);
  assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(String(js.headers['content-type']), /javascript/);
  const css = $('link[rel="stylesheet"][href^="/assets/css/"]').attr('href') as string;
  assert.equal((await rawGet(origin, css)).headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const twin of ['/guides/charges.md', '/api.md', '/api/create-charge.md']) {
    const { headers } = await rawGet(origin, twin);
    assert.equal(headers['content-type'], 'text/markdown; charset=utf-8', twin);
    assert.equal(headers['cache-control'], 'no-cache', twin);
  }
  for (const file of ['/llms.txt', '/llms-full.txt']) {
    const { headers } = await rawGet(origin, file);
    assert.equal(headers['content-type'], 'text/plain; charset=utf-8', file);
    assert.equal(headers['cache-control'], 'no-cache', file);
  }
});
