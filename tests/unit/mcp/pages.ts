/**
 * The MCP server's tools that answer from the site's pages, over stdio, as the
 * package ships it, against the production build served locally and the local
 * sandbox (./harness.ts): search_docs,
 * read_page, list_unknowns, list_pages and the resources. Expected values come
 * from the build's own files (its HTML's heading ids, its twins, llms.txt,
 * unknowns.json), the OpenAPI document, and the relevance and question sets
 * (relevance/keyword-set.ts, relevance/question-set.ts), never from
 * mcp/ or the search engine it runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { brand } from '../../../src/brand';
import type { DocumentNode } from '../../../src/openapi/document';
import { relevanceSet } from '../../../relevance/keyword-set';
import { questionSet } from '../../../relevance/question-set';
import { doc } from '../../openapi';
import { BUILD_DIR } from '../build-output';
import { builtEngine } from '../built-search';
import { FIRST_HITS } from '../../mcp-questions';
import { fileOfRoute } from '../../../src/built/pages';
import { unknownMarks, schemasUsed, twinOnDisk, useMcpServer } from './harness';

const mcp = useMcpServer();
const { callOn, ok, refused, siteUrl } = mcp;

test('search_docs ranks as the site search does: the relevance set passes, the named page first, and section narrows', async () => {
  type Hits = { hits: Array<{ url: string; page: string; text: string; section: string }> };
  const failed: string[] = [];
  for (const c of relevanceSet) {
    const answer = (await ok('search_docs', { query: c.query, limit: 25 })) as Hits;
    assert.ok(answer.hits.length > 0 && answer.hits.length <= 25, `${c.query}: ${answer.hits.length} hits`);
    // The bar the site's search meets (tests/unit/search.test.ts): an answering page among the first three.
    const pages = [...new Set(answer.hits.map((h) => new URL(h.url).pathname))].slice(0, 3);
    if (!pages.some((p) => c.pages.includes(p))) failed.push(`${c.query}: ${pages.join(', ')}`);
    for (const hit of answer.hits) assert.ok(hit.page && hit.text, `${c.query}: a hit has its page title and its text`);
  }
  assert.deepEqual(failed, []);
  const firstHits = [];
  for (const [query] of FIRST_HITS) firstHits.push([query, ((await ok('search_docs', { query })) as Hits).hits[0]?.url]);
  assert.deepEqual(
    firstHits,
    FIRST_HITS.map(([query, route]) => [query, siteUrl(route)]),
  );

  const api = (await ok('search_docs', { query: 'charge', section: 'api' })) as Hits;
  assert.ok(api.hits.length > 0);
  for (const hit of api.hits) assert.ok(hit.url.startsWith(siteUrl('/api')) && hit.section === 'API Reference', hit.url);
});

type Hits = { hits: Array<{ url: string; page: string; heading?: string; text: string }> };

test('search_docs ranks questions by what they ask: authentication above the errors, a schema’s page for its fields', async () => {
  const question = (await ok('search_docs', { query: 'How do I authenticate my API requests?' })) as Hits;
  const headingOf = (hit: Hits['hits'][number]) => (hit.heading ?? hit.page).toLowerCase();
  const firstAuth = question.hits.findIndex((h) => /authentication/.test(headingOf(h).split(' › ').at(-1)!));
  const firstErrors = question.hits.findIndex((h) => /\berrors?\b/.test(headingOf(h)));
  assert.equal(firstAuth, 0, `an authentication section first: ${question.hits.map(headingOf).join(' | ')}`);
  assert.ok(firstErrors < 0 || firstErrors > firstAuth);

  const payout = (await ok('search_docs', { query: 'Payout fields' })) as Hits;
  assert.ok(fs.existsSync(path.join(BUILD_DIR, 'api/schemas/payout.md')));
  assert.equal(payout.hits[0].url, siteUrl('/api/schemas/payout'));
});

test('search_docs: a hit on a heading carries the text under it, not the heading again', async () => {
  for (const query of ['invoice statuses', 'update checkout', 'payout error 1002', 'Payout fields', 'charge statuses']) {
    for (const hit of ((await ok('search_docs', { query, limit: 10 })) as Hits).hits) {
      const heading = hit.heading?.split(' › ').at(-1) ?? hit.page;
      assert.notEqual(hit.text.trim(), heading.trim(), `${query}: ${hit.url} repeats its heading`);
    }
  }
});

test('read_page gives the Markdown twin the site publishes, from a path or a URL', async () => {
  const expected = twinOnDisk('/guides/charges/creating');
  for (const page of [
    '/guides/charges/creating',
    'guides/charges/creating.md',
    '/guides/charges/creating/',
    siteUrl('/guides/charges/creating'),
    `${brand.siteUrl}/guides/charges/creating.md`,
  ]) {
    assert.equal(await ok('read_page', { page }), expected, page);
  }
  assert.equal(await ok('read_page', { page: '/api/send-mass-payout' }), twinOnDisk('/api/send-mass-payout'));
});

/** The headings of a built page with their ids, from its HTML: [id, level, text]. */
function htmlHeadings(route: string): Array<[id: string, level: number, text: string]> {
  const file = fileOfRoute(BUILD_DIR, route);
  assert.ok(file, `${route} is built`);
  const html = fs.readFileSync(file, 'utf8');
  const article = html.slice(html.indexOf('<article'), html.lastIndexOf('</article>'));
  // The build minifies its HTML: an id may stand without quotes.
  return [...article.matchAll(/<h([2-6])[^>]*\sid=("?)([^"\s>]+)\2[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => [
    m[3],
    Number(m[1]),
    m[4]
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z#0-9]+;|\u200b/g, '') // the heading's anchor link: an entity or a zero-width space
      .trim(),
  ]);
}

/** The section of a twin under the heading of `level` whose text is `text`: its line and the lines up to the next heading as high. */
function twinSection(route: string, level: number, text: string): string {
  const lines = twinOnDisk(route).split('\n');
  const headingAt = (line: string) => /^(#{1,6}) (.*)$/.exec(line);
  const start = lines.findIndex((line) => {
    const h = headingAt(line);
    return h !== null && h[1].length === level && h[2].replace(/[`*]/g, '').trim() === text;
  });
  assert.ok(start >= 0, `${route} has the heading ${'#'.repeat(level)} ${text}`);
  const end = lines.findIndex((line, i) => i > start && (headingAt(line)?.[1].length ?? 99) <= level);
  return `${lines
    .slice(start, end < 0 ? undefined : end)
    .join('\n')
    .replace(/\n+$/, '')}\n`;
}

test('read_page with an anchor gives that section only, and names the anchors when one is unknown', async () => {
  const route = '/guides/charges/creating';
  const headings = htmlHeadings(route);
  const [, level, textOf] = headings.find(([id]) => id === 'fixed-price')!;
  const section = (await ok('read_page', { page: `${route}#fixed-price` })) as string;
  assert.equal(section, twinSection(route, level, textOf));
  assert.ok(section.length < twinOnDisk(route).length / 4, 'a section is a part of the page');
  // From a search hit's URL too, and every section of the page is found.
  for (const [id, l, t] of headings) assert.equal(await ok('read_page', { page: siteUrl(`${route}#${id}`) }), twinSection(route, l, t), id);

  const unknown = await refused('read_page', { page: `${route}#request` });
  assert.match(unknown, /\/guides\/charges\/creating has no section #request/);
  for (const [id] of headings) assert.ok(unknown.includes(`#${id}`), `the error lists #${id}`);
});

test('read_page adds the page’s marks of what is not documented yet that the text returned does not show', async () => {
  // A page with marks, read by a section that holds none of them.
  const route = '/guides/charges/statuses';
  const marks = unknownMarks().filter((g) => g.route === route);
  assert.ok(marks.length > 0);
  const [id, level, text] = htmlHeadings(route).find(([, l, t]) => {
    const part = twinSection(route, l, t);
    return marks.every((m) => !part.includes(m.text));
  })!;
  const answer = await callOn(mcp.server, 'read_page', { page: `${route}#${id}` });
  const [, block] = answer.text.split(`${twinSection(route, level, text)}\n`);
  assert.ok(block, 'a block of marks follows the section');
  for (const mark of marks) assert.ok(block.includes(mark.text), mark.topic);
  // The whole page shows its marks in its text, with their code (a mass payout `id`): no block repeats them.
  assert.equal(await ok('read_page', { page: route }), twinOnDisk(route));
  assert.equal(await ok('read_page', { page: '/guides/mass-payouts' }), twinOnDisk('/guides/mass-payouts'));
});

test('list_unknowns gives the unknowns report the build publishes, whole or by topic', async () => {
  const published = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8')) as {
    unknowns: Array<{ route: string; topic: string; text: string }>;
  };
  const all = (await ok('list_unknowns', {})) as DocumentNode;
  assert.equal(all.count, published.unknowns.length);
  assert.ok(all.count > 0);
  // The payout callback's mark, as the OpenAPI document writes it.
  const [mark] = doc.webhooks.payout.post['x-unknown'] as DocumentNode[];
  const byTopic = (await ok('list_unknowns', { topic: mark.topic })) as DocumentNode;
  const found = byTopic.unknowns.find((u: DocumentNode) => u.page === siteUrl('/api/payout-callback'));
  assert.equal(found?.notDocumentedYet, mark.text);
  assert.equal(byTopic.support, brand.supportEmail);
  const none = (await ok('list_unknowns', { topic: 'no-such-topic-here' })) as DocumentNode;
  assert.equal(none.count, 0);
  assert.match(none.note, new RegExp(mark.topic));
});

/** Every call and webhook of the document with the component schemas it uses (the test's own walk). */
const operationsOfDocument = (): Array<[operationId: string, schemas: Set<string>]> =>
  [...Object.values<DocumentNode>(doc.paths), ...Object.values<DocumentNode>(doc.webhooks)].flatMap((item) =>
    Object.values<DocumentNode>(item)
      .filter((op) => op && typeof op === 'object' && typeof op.operationId === 'string')
      .map((op): [string, Set<string>] => [
        op.operationId,
        schemasUsed([item.parameters ?? [], op.parameters ?? [], op.requestBody ?? null, op.responses ?? {}]),
      ]),
  );

test('the objects a page names that no call takes or returns are said to have no documented calls', async () => {
  const used = new Set(operationsOfDocument().flatMap(([, schemas]) => [...schemas]));
  const route = '/help-center/withdrawal/fiat';
  const named = [...twinOnDisk(route).matchAll(/`([A-Za-z][A-Za-z0-9]*)`/g)].map((m) => m[1]).filter((n) => n in doc.components.schemas);
  const withoutCalls = [...new Set(named)].filter((name) => !used.has(name));
  assert.ok(withoutCalls.includes('FiatWithdrawal'), 'the fiat withdrawal page names an object without calls');
  const answer = await callOn(mcp.server, 'read_page', { page: route });
  const [page, block] = answer.text.split(`${twinOnDisk(route)}\n`);
  assert.equal(page, '', 'the page first, as published');
  const listed = /takes or returns, so the API calls for them are not documented: (.*)\.$/m.exec(block)?.[1];
  assert.deepEqual(
    listed
      ?.split(', ')
      .map((n) => n.replace(/`/g, ''))
      .sort(),
    withoutCalls.sort(),
  );

  const fiat = (await ok('get_schema', { name: 'FiatWithdrawal' })) as DocumentNode;
  assert.deepEqual(fiat.calls, []);
  assert.match(fiat.note, /No call or webhook .* takes or returns it/);
  const charge = (await ok('get_schema', { name: 'Charge' })) as DocumentNode;
  assert.deepEqual(
    [...charge.calls].sort(),
    operationsOfDocument()
      .filter(([, schemas]) => schemas.has('Charge'))
      .map(([id]) => id)
      .sort(),
  );
  assert.equal(charge.note, undefined);
});

test('list_unknowns("webhook") finds what "callback" finds', async () => {
  const callback = unknownMarks().filter((g) => [g.topic, g.text, g.heading].some((s) => s.toLowerCase().includes('callback')));
  assert.ok(callback.length > 0);
  const byCallback = (await ok('list_unknowns', { topic: 'callback' })) as DocumentNode;
  const byWebhook = (await ok('list_unknowns', { topic: 'webhook' })) as DocumentNode;
  const topics = (answer: DocumentNode) => new Set(answer.unknowns.map((u: DocumentNode) => `${u.page} ${u.topic}`));
  assert.deepEqual(topics(byCallback), new Set(callback.map((g) => `${siteUrl(g.route)} ${g.topic}`)));
  assert.deepEqual(topics(byWebhook), topics(byCallback));
});

test('list_unknowns reads a topic in the site\'s words too: "2FA" finds the one-time code marks', async () => {
  const oneTime = unknownMarks().filter((g) => /one-time code/i.test([g.topic, g.text, g.heading].join(' ')));
  assert.ok(oneTime.length > 0, 'a mark about one-time codes');
  const topics = (answer: DocumentNode) => new Set(answer.unknowns.map((u: DocumentNode) => u.topic as string));
  const byTwoFactor = (await ok('list_unknowns', { topic: '2FA' })) as DocumentNode;
  for (const mark of oneTime) assert.ok(topics(byTwoFactor).has(mark.topic), `2FA finds ${mark.topic}`);
  assert.ok(byTwoFactor.alsoSearched.includes('one-time codes'), JSON.stringify(byTwoFactor.alsoSearched));
});

test('list_unknowns finds a mark in any word form: "rate limit" finds both rate-limit marks, as "rate-limits" does', async () => {
  const rateLimit = unknownMarks().filter((g) => /rate[- ]limit/i.test([g.topic, g.text, g.heading].join(' ')));
  assert.ok(rateLimit.length >= 2, `${rateLimit.length} rate-limit marks`);
  const topics = (answer: DocumentNode) => new Set(answer.unknowns.map((u: DocumentNode) => u.topic as string));
  for (const topic of ['rate limit', 'rate-limits', 'Rate limits', 'rate_limit']) {
    assert.deepEqual(topics((await ok('list_unknowns', { topic })) as DocumentNode), new Set(rateLimit.map((g) => g.topic)), topic);
  }
});

test("search_docs answers questions in readers' words as the engine does, and read_page serves every link it gives", async () => {
  const links = new Set<string>();
  const engine = builtEngine();
  for (const q of questionSet) {
    const answer = (await ok('search_docs', { query: q.query, limit: 8 })) as Hits;
    // The engine's first 8, in its order: the site's search box and search_docs rank alike.
    assert.deepEqual(
      answer.hits.map((h) => new URL(h.url).pathname + new URL(h.url).hash),
      engine
        .search(q.query)
        .slice(0, 8)
        .map((r) => r.record.url),
      q.query,
    );
    for (const hit of answer.hits) {
      links.add(hit.url);
      assert.ok(hit.text.trim() && !/^Fields of \S+$/.test(hit.text), `${q.query}: ${hit.url} answers with "${hit.text}"`);
    }
  }
  for (const link of [...links].filter((l) => l.includes('#'))) await ok('read_page', { page: link });
  // Table rows: the section that holds the row.
  for (const [page, heading, row] of [
    ['/guides/payouts#payout-error-1003', 'Payout error codes', '1003'],
    ['/api/widgets#kyc-failed', '', 'failed'],
    ['/guides/first-steps/api-key#http-451', '', '451'],
    ['/guides/charges/statuses#timeline-refunded', '', 'refunded'],
  ]) {
    const section = (await ok('read_page', { page: siteUrl(page) })) as string;
    assert.match(section, /^#{2,6} /, `${page} gives a section`);
    if (heading) assert.ok(section.startsWith(`## ${heading}`), `${page}: ${section.slice(0, 60)}`);
    assert.ok(section.includes(row), `${page} holds its row`);
  }
});

test('list_pages lists the pages of llms.txt, by part of the site', async () => {
  const llms = fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
  const listed = [...llms.matchAll(/^- \[.*\]\((\S+?)\.md\)/gm)].map((m) => new URL(m[1]).pathname);
  const all = (await ok('list_pages', {})) as DocumentNode;
  const paths = Object.values(all.sections as Record<string, DocumentNode[]>).flatMap((pages) => pages.map((p) => p.path));
  assert.deepEqual(paths.sort(), [...listed].sort());
  assert.equal(all.count, listed.length);
  const help = (await ok('list_pages', { section: 'help-center' })) as DocumentNode;
  const helpPages = help.sections['Help Center'] as DocumentNode[];
  assert.deepEqual(Object.keys(help.sections), ['Help Center']);
  assert.deepEqual(
    helpPages.map((p) => p.path),
    listed.filter((p) => p.startsWith('/help-center')),
  );
  for (const page of helpPages) assert.ok(page.title && page.description && llms.includes(page.description), page.path);
});

test('resources: llms.txt and every page twin it lists, read from the site', async () => {
  const llms = fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
  const listedTwins = [...llms.matchAll(/^- \[.*\]\((\S+?\.md)\)/gm)].map((m) => siteUrl(new URL(m[1]).pathname));
  const { resources } = await mcp.server.client.listResources();
  assert.deepEqual(
    resources.map((r) => r.uri),
    [siteUrl('/llms.txt'), ...listedTwins],
  );
  // Each with the type the site serves it as (deploy/rules.ts): llms.txt as text, the twins as Markdown.
  assert.deepEqual(
    [...new Set(resources.map((r) => `${new URL(r.uri).pathname.endsWith('.md') ? 'twin' : r.uri} ${r.mimeType}`))],
    [`${siteUrl('/llms.txt')} text/plain`, 'twin text/markdown'],
  );
  const index = await mcp.server.client.readResource({ uri: siteUrl('/llms.txt') });
  assert.deepEqual(index.contents[0], { uri: siteUrl('/llms.txt'), mimeType: 'text/plain', text: llms });
  const page = await mcp.server.client.readResource({ uri: siteUrl('/guides/charges/creating.md') });
  assert.deepEqual(page.contents[0], {
    uri: siteUrl('/guides/charges/creating.md'),
    mimeType: 'text/markdown',
    text: twinOnDisk('/guides/charges/creating'),
  });
  // A missing page is MCP's "resource not found" (-32002), not an internal error.
  await assert.rejects(mcp.server.client.readResource({ uri: siteUrl('/guides/nope.md') }), (error: Error & { code?: number }) => {
    assert.equal(error.code, -32002);
    assert.match(error.message, /No page twin/);
    return true;
  });
  // The lists never change while a server runs, and no list_changed notification is ever sent: none is advertised.
  const capabilities = mcp.server.client.getServerCapabilities();
  assert.equal(capabilities?.tools?.listChanged, false);
  assert.equal(capabilities?.resources?.listChanged, false);
});
