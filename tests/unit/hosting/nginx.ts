/**
 * What nginx does on its own, over build/ with the configuration that ships: it starts without a warning,
 * sends the .gz files made at deploy as they are (and never as URLs of their own), serves no dotfile,
 * answers its own errors with the security headers, answers no ranges (the whole file, headers once), keeps serving while one client holds
 * hundreds of slow connections or slow request bodies, answers 404 at /404, and serves every page as
 * Markdown (its twin, at its URL plus .md, or at its URL when asked for with `Accept: text/markdown`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { brand } from '../../../src/brand';
import { pageRoutes } from '../../fixtures/routes';
import { calls } from '../../openapi';
import { BUILD_DIR } from '../build-output';
import { hosts, inBatches, rawGet } from './hosts';
import { rawExchange as raw } from '../../raw-http';

const origin = () => hosts.nginx.origin;
const sitemapRoutes = () =>
  [...fs.readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

test('nginx starts without a warning', () => {
  for (const [what, text] of [
    ['stderr', hosts.nginx.stderr()],
    ['error.log', hosts.nginx.errorLog()],
  ]) {
    assert.deepEqual(
      text.split('\n').filter((line) => /\[(warn|error|crit|alert|emerg)\]/.test(line)),
      [],
      what,
    );
  }
});

test('nginx: HTML revalidates and hashed assets are immutable for a year; text goes out compressed once, the .gz made at deploy', async () => {
  const page = await rawGet(origin(), '/guides/charges');
  assert.equal(page.headers['cache-control'], 'no-cache');
  const $ = cheerio.load(page.body.toString());
  const main = $('script[src^="/assets/js/main."]').attr('src') as string;
  const css = $('link[rel="stylesheet"][href^="/assets/css/"]').attr('href') as string;
  assert.ok(main && css, 'the page links main.js and a stylesheet');
  assert.equal((await rawGet(origin(), css)).headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const [url, file] of [
    [main, main],
    ['/guides/charges', '/guides/charges.html'],
  ]) {
    const { status, headers, body } = await rawGet(origin(), url, { 'accept-encoding': 'gzip' });
    assert.equal(status, 200, url);
    assert.equal(headers['content-encoding'], 'gzip', url);
    if (url === main) assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable');
    // nginx's on-the-fly gzip streams without a length; a file sent as it is has one.
    assert.equal(headers['content-length'], String(body.length), `${url}: a length, so the file was compressed ahead`);
    assert.ok(zlib.gunzipSync(body).equals(fs.readFileSync(path.join(BUILD_DIR, file))), url);
    assert.equal((await rawGet(origin(), url)).headers['content-encoding'], undefined, `${url} without Accept-Encoding`);
  }
});

/** A raw exchange with nginx (tests/raw-http.ts), given up after 5 s of silence. */
const rawExchange = (bytes: string, localAddress?: string) => raw(origin(), bytes, { localAddress, idleTimeoutMs: 5_000 });

test("nginx's own 400 and 414 answers carry the security headers", async () => {
  const answers = {
    400: await rawExchange('BLAH\r\n\r\n'),
    414: await rawExchange(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
  };
  for (const [status, answer] of Object.entries(answers)) {
    assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `), status);
    const names = new Set(
      answer
        .split('\r\n\r\n')[0]
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(':')[0].toLowerCase()),
    );
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security'])
      assert.ok(names.has(name), `${status}: ${name}`);
  }
});

test('nginx answers while one client holds 300 slow connections open', async () => {
  const { hostname, port } = new URL(origin());
  const slow: net.Socket[] = [];
  // Another loopback address is the slow client, so that it is one client and the requests below another.
  const connected = Array.from(
    { length: 300 },
    () =>
      new Promise<void>((resolve) => {
        const socket = net.connect({ host: hostname, port: Number(port), localAddress: '127.0.0.2' }, () => {
          socket.write('GET /guides/charges HTTP/1.1\r\nHost: x\r\n');
          resolve();
        });
        socket.on('error', () => resolve());
        slow.push(socket);
      }),
  );
  // One more header line a second on each: the request never ends.
  const trickle = setInterval(() => slow.forEach((socket) => socket.writable && socket.write('X-Slow: 1\r\n')), 1_000);
  try {
    await Promise.all(connected);
    for (let i = 0; i < 20; i += 1) {
      // Each on a new connection, as a new reader's would be.
      const { status } = await rawGet(origin(), i % 2 ? '/guides/charges' : '/api/create-charge');
      assert.equal(status, 200, `request ${i} during the slow connections`);
    }
    const open = slow.filter((socket) => !socket.destroyed && socket.writable).length;
    assert.ok(open > 250, `the slow connections were still open while the site answered (${open})`);
  } finally {
    clearInterval(trickle);
    slow.forEach((socket) => socket.destroy());
  }
});

test('nginx: the address of a client that sends 80 slow request bodies is still served, each body refused with 405 at once', async () => {
  const { hostname, port } = new URL(origin());
  const slow: net.Socket[] = [];
  const refused = Array.from(
    { length: 80 },
    (_, i) =>
      new Promise<string>((resolve) => {
        let text = '';
        const socket = net.connect({ host: hostname, port: Number(port), localAddress: '127.0.0.3' }, () =>
          // A chunked body, never finished, to a page, a missing page, an asset and a text file.
          socket.write(
            `POST ${['/guides/charges', '/nope', '/assets/js/nope.js', '/llms.txt'][i % 4]} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n`,
          ),
        );
        socket.on('data', (chunk) => {
          text += chunk.toString('latin1');
          if (text.includes('\r\n\r\n')) resolve(text.split('\r\n')[0]);
        });
        socket.on('error', () => resolve(`error: ${text}`));
        slow.push(socket);
      }),
  );
  try {
    assert.deepEqual([...new Set(await Promise.all(refused))], ['HTTP/1.1 405 Not Allowed']);
    const served: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await rawExchange('GET /guides/charges HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '127.0.0.3');
      served.push(Number(answer.split(' ')[1]));
    }
    assert.deepEqual([...new Set(served)], [200]);
  } finally {
    slow.forEach((socket) => socket.destroy());
  }
});

test('nginx serves no dotfile and no .gz copy as a URL of its own', async () => {
  for (const p of ['/.nginx-root', '/assets/.nginx-root', '/assets/js/../../.nginx-root', '/llms.txt.gz', '/guides/charges.html.gz']) {
    const answer = await rawExchange(`GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 404 /, p);
    assert.doesNotMatch(answer, new RegExp(BUILD_DIR.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), `${p} shows no path of the machine`);
  }
});

test('nginx: /404 answers 404 with the not-found page (no soft 404)', async () => {
  const { status, body } = await rawGet(origin(), '/404');
  assert.equal(status, 404);
  assert.match(body.toString(), /Page not found/);
});

test('nginx answers no ranges: a range past the end or a list of 900 gets the whole file, each header once', async () => {
  const size = fs.statSync(path.join(BUILD_DIR, 'llms.txt')).size;
  const ranges = Array.from({ length: 900 }, (_, i) => `${i}-${i}`).join(',');
  for (const range of ['bytes=99999999-', `bytes=${ranges}`]) {
    const answer = Buffer.from(
      await rawExchange(`GET /llms.txt HTTP/1.1\r\nHost: x\r\nRange: ${range}\r\nConnection: close\r\n\r\n`),
      'latin1',
    );
    const split = answer.indexOf('\r\n\r\n');
    const head = answer.subarray(0, split).toString('latin1').split('\r\n');
    assert.match(head[0], /^HTTP\/1\.1 200 /, range.slice(0, 20));
    // No header line twice (two Vary lines, Accept-Encoding and Accept, are two values of one list).
    const lines = head.slice(1);
    assert.deepEqual(
      lines.filter((line, i) => lines.indexOf(line) !== i),
      [],
      range.slice(0, 20),
    );
    const names = lines.map((line) => line.split(':')[0].toLowerCase());
    assert.ok(names.includes('content-security-policy') && names.includes('cache-control'), range.slice(0, 20));
    assert.equal(answer.length - split - 4, size, `${range.slice(0, 20)}: the whole file, once`);
  }
});

const varies = (vary: unknown, name: string) =>
  String(vary ?? '')
    .split(/\s*,\s*|\n/)
    .some((v) => v.toLowerCase() === name.toLowerCase());

test('nginx: every sitemap route has a twin at its URL plus .md, as text/markdown, revalidated', async () => {
  const routes = sitemapRoutes();
  assert.ok(routes.length > pageRoutes.length + calls.length, `${routes.length} routes in the sitemap`);
  const problems = await inBatches(routes, 8, async (route) => {
    const { status, headers, body } = await rawGet(origin(), `${route}.md`);
    const [type, cache] = [headers['content-type'], headers['cache-control']];
    return status === 200 && type === 'text/markdown; charset=utf-8' && cache === 'no-cache' && body.toString().startsWith('# ')
      ? undefined
      : `${route}.md: ${status} ${type} ${cache}`;
  });
  assert.deepEqual(problems.filter(Boolean), []);
});

test('nginx: llms.txt and llms-full.txt answer as text/plain, and every link of llms.txt resolves', async () => {
  for (const file of ['/llms.txt', '/llms-full.txt']) {
    const { status, headers } = await rawGet(origin(), file);
    assert.equal(status, 200, file);
    assert.equal(headers['content-type'], 'text/plain; charset=utf-8', file);
    assert.equal(headers['cache-control'], 'no-cache', file);
  }
  const text = (await rawGet(origin(), '/llms.txt')).body.toString();
  const links = [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]).filter((url) => url.startsWith(brand.siteUrl));
  assert.ok(links.length > pageRoutes.length + calls.length, `${links.length} links`);
  const broken = await inBatches(links, 8, async (url) => {
    const { status } = await rawGet(origin(), new URL(url).pathname);
    return status === 200 ? undefined : `${url}: ${status}`;
  });
  assert.deepEqual(broken.filter(Boolean), []);
});

test('nginx: Accept: text/markdown at a page URL answers its twin, and pages vary on Accept', async () => {
  for (const route of ['/guides/charges/creating', '/help-center/withdrawal/statuses', '/api/create-charge', '/api/schemas/charge']) {
    const twin = (await rawGet(origin(), `${route}.md`)).body.toString();
    const asked = await rawGet(origin(), route, { accept: 'text/markdown' });
    assert.equal(asked.status, 200, route);
    assert.equal(asked.headers['content-type'], 'text/markdown; charset=utf-8', route);
    assert.ok(varies(asked.headers.vary, 'Accept'), `${route}: Vary ${asked.headers.vary}`);
    assert.equal(asked.body.toString(), twin, route);
    const html = await rawGet(origin(), route, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8', route);
    assert.ok(varies(html.headers.vary, 'Accept'), `${route}: Vary ${html.headers.vary}`);
  }
});

test('nginx: a Markdown URL without a page answers 404', async () => {
  for (const url of ['/nope.md', '/guides/charges/nope.md', '/api/nope.md']) assert.equal((await rawGet(origin(), url)).status, 404, url);
  assert.equal((await rawGet(origin(), '/nope', { accept: 'text/markdown' })).status, 404);
});
