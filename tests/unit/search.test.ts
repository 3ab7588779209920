/**
 * The built-in search: the index builder, the engine and the client that
 * answers as the hosted DocSearch service does. Also runs the relevance set
 * over the built index and prints its score.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { recordsOfPage } from '../../src/plugins/search';
import { createEngine, tokenize } from '../../src/search/engine';
import { createLocalSearchClient, highlight } from '../../src/search/client';
import { SEARCH_INDEX_FILE, type SearchIndexFile, type SearchRecord } from '../../src/search/records';
import { searchSettings } from '../../src/search/config';
import { relevanceSet } from '../fixtures/search-relevance';
import { runRelevance } from './search-relevance';
import { assertBuilt, BUILD_DIR } from './build-output';

const PAGE = `<!doctype html><html><head><title>Charge statuses | Crypto Payments</title>
<meta name="docsearch:docusaurus_tag" content="docs-default-current"><meta name="docsearch:language" content="en"></head>
<body><nav>Menu text</nav><article><h1>Charge statuses</h1><p>Every charge has a status.</p>
<h2 id="statuses">Statuses<a class="hash-link" href="#statuses">#</a></h2>
<table data-enum="ChargeStatus"><tbody><tr id="pending"><th><code>pending</code><a class="hash-link" href="#pending">#</a></th><td>Waiting &lt;b&gt;</td></tr></tbody></table>
<h3 id="timeline">Timeline</h3><ul><li>First item</li><li><p>Nested paragraph</p></li></ul><pre><code>curl secret</code></pre></article></body></html>`;

function loadIndex(): SearchIndexFile {
  assertBuilt();
  return JSON.parse(fs.readFileSync(path.join(BUILD_DIR, SEARCH_INDEX_FILE), 'utf8')) as SearchIndexFile;
}

test('the index builder gives DocSearch records: hierarchy, anchors, content and facets', () => {
  const records = recordsOfPage(PAGE, '/guides/charges/statuses');
  assert.deepEqual(records[0], {
    u: '/guides/charges/statuses',
    t: 'lvl1',
    h: ['Guides', 'Charge statuses'],
    g: 'docs-default-current',
    l: 'en',
  });
  const heading = records.find((r) => r.t === 'lvl2');
  assert.deepEqual(heading?.h, ['Guides', 'Charge statuses', 'Statuses']);
  assert.equal(heading?.u, '/guides/charges/statuses#statuses');
  const row = records.find((r) => r.c?.startsWith('pending'));
  assert.equal(row?.u, '/guides/charges/statuses#pending', 'a table row with an id is its own anchor');
  assert.equal(row?.c, 'pending — Waiting <b>', 'text, not markup; anchor marks dropped');
  const nested = records.find((r) => r.c === 'Nested paragraph');
  assert.deepEqual(nested?.h, ['Guides', 'Charge statuses', 'Statuses', 'Timeline']);
  assert.equal(nested?.u, '/guides/charges/statuses#timeline');
  assert.ok(!records.some((r) => r.c?.includes('curl secret') || r.c?.includes('Menu text')), 'code and navigation are not indexed');
  assert.deepEqual(recordsOfPage('<html><body><p>no docs tag</p></body></html>', '/x'), []);
});

test('the tokenizer keeps identifiers whole and also splits them', () => {
  assert.deepEqual(tokenize('insufficient_balance x-widget-token USDT0'), [
    'insufficient_balance',
    'insufficient',
    'balance',
    'x-widget-token',
    'x',
    'widget',
    'token',
    'USDT0',
  ]);
});

const records: SearchRecord[] = [
  { u: '/guides/payouts', t: 'lvl1', h: ['Guides', 'Payouts'], g: 'docs-default-current', l: 'en' },
  {
    u: '/guides/payouts#fees',
    t: 'content',
    h: ['Guides', 'Payouts', 'Fees'],
    c: 'Fees are paid by the merchant or the customer <script>',
    g: 'docs-default-current',
    l: 'en',
  },
  { u: '/help-center/kyb', t: 'lvl1', h: ['Help Center', 'KYB verification'], g: 'docs-help-center-current', l: 'en' },
];

test('the engine finds typos and prefixes and filters by facets', () => {
  const engine = createEngine(records);
  assert.equal(engine.search('payot')[0]?.record.u, '/guides/payouts');
  assert.equal(engine.search('verif')[0]?.record.u, '/help-center/kyb');
  assert.deepEqual(engine.search('   '), []);
  assert.equal(engine.search('payouts', [['docusaurus_tag:docs-help-center-current']]).length, 0);
  assert.equal(
    engine.search('payouts', ['language:en', ['docusaurus_tag:docs-default-current', 'docusaurus_tag:default']]).length > 0,
    true,
  );
});

test('highlights escape the text and the query', () => {
  const hl = highlight('Fees <script>alert(1)</script> fee', ['fee'], '<mark>', '</mark>');
  assert.equal(hl.value, '<mark>Fee</mark>s &lt;script&gt;alert(1)&lt;/script&gt; <mark>fee</mark>');
  assert.equal(highlight('a.b', ['.*'], '<mark>', '</mark>').value, 'a.b', 'query text is not a regular expression');
});

test('the client answers both request shapes as the hosted service does', async () => {
  const client = createLocalSearchClient(
    async () => ({ version: 1, records }),
    createEngine,
    () => 'https://docs.example',
  );
  const docsearch = await client.search({
    requests: [
      {
        indexName: 'docs',
        query: 'fees',
        hitsPerPage: 5,
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        facetFilters: ['language:en'],
      },
    ],
  });
  const hit = docsearch.results[0].hits[0];
  assert.equal(hit.url, 'https://docs.example/guides/payouts#fees', 'absolute URL with the anchor');
  assert.equal(hit.hierarchy.lvl2, 'Fees');
  assert.equal(hit.type, 'content');
  assert.match(hit._snippetResult.content?.value ?? '', /^<mark>Fees<\/mark> are paid .* &lt;script&gt;$/);
  const helper = await client.search([
    { indexName: 'docs', params: { query: 'payouts', hitsPerPage: 15, page: 0, facets: ['docusaurus_tag'] } },
  ]);
  assert.equal(helper.results[0].nbHits, 2);
  assert.equal(helper.results[0].nbPages, 1);
  assert.deepEqual(helper.results[0].facets, { docusaurus_tag: { 'docs-default-current': 2 } });
});

test('a failed index fetch fails that search and the next search recovers', async () => {
  let online = false;
  const client = createLocalSearchClient(
    async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return { version: 1, records };
    },
    createEngine,
    () => 'https://docs.example',
  );
  // The error as it came: src/search/networkError.ts tells an unreachable index (fetch's TypeError) from others.
  await assert.rejects(client.search({ requests: [{ query: 'payouts' }] }), { name: 'TypeError', message: 'Failed to fetch' });
  online = true;
  const answer = await client.search({ requests: [{ query: 'payouts' }] });
  assert.ok(answer.results[0].nbHits > 0);
});

test('hosted search is used only when all three DOCSEARCH_* settings are given', () => {
  assert.equal(searchSettings({}).mode, 'local');
  assert.equal(searchSettings({ DOCSEARCH_APP_ID: 'A', DOCSEARCH_API_KEY: 'k' }).mode, 'local');
  const hosted = searchSettings({ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'key', DOCSEARCH_INDEX_NAME: 'docs' });
  assert.equal(hosted.mode, 'hosted');
  assert.equal(hosted.algolia.appId, 'APP');
  assert.equal(hosted.algolia.contextualSearch, true);
  assert.equal(hosted.algolia.insights, false);
});

test('the built index covers guides, help centre and API reference, within 150 KB compressed', async () => {
  const index = loadIndex();
  const tags = new Set(index.records.map((r) => r.g));
  assert.deepEqual([...tags].sort(), ['docs-api-current', 'docs-default-current', 'docs-help-center-current']);
  const { gzipSync } = await import('node:zlib');
  const size = gzipSync(JSON.stringify(index), { level: 9 }).length;
  assert.ok(size <= 150 * 1024, `index is ${size} bytes gzip`);
});

test(`relevance set (${relevanceSet.length} queries from the specification): the expected page is in the top 3`, () => {
  const outcomes = runRelevance(createEngine(loadIndex().records));
  const passed = outcomes.filter((o) => o.pass).length;
  console.log(`# search relevance: ${passed}/${outcomes.length} queries found their page in the top 3`);
  const failed = outcomes.filter((o) => !o.pass).map((o) => `${o.case.query} -> ${o.pages.join(', ')}`);
  assert.ok(outcomes.length >= 40);
  assert.deepEqual(failed, []);
});

test('no record title or text holds an emoji or a control character', () => {
  const { records } = loadIndex();
  const decorated = records.filter((r) => [...r.h, r.c ?? ''].some((t) => /[\p{Extended_Pictographic}\u{FE0F}\p{Cc}]/u.test(t)));
  assert.deepEqual(decorated.map((r) => `${r.u}: ${r.h.at(-1)}`).slice(0, 5), []);
  // The indexer strips what a generated category card puts before its title.
  const card = recordsOfPage(
    '<html><head><meta name="docsearch:docusaurus_tag" content="docs-api-current"></head><body><article><h1>Balances</h1><h2 id="x">📄️ List balances</h2></article></body></html>',
    '/api/balances',
  );
  assert.deepEqual(card.find((r) => r.t === 'lvl2')?.h, ['API Reference', 'Balances', 'List balances']);
});

test('a result list never shows the same text of one page twice', () => {
  const repeated = 'Answer 200 to signal that the callback was processed.';
  const make = (u: string, heading: string): SearchRecord => ({
    u,
    t: 'content',
    h: ['Guides', 'Payout callbacks', heading],
    c: repeated,
    g: 'docs-default-current',
    l: 'en',
  });
  const engine = createEngine([
    make('/guides/webhooks/payout#a', 'A'),
    make('/guides/webhooks/payout#b', 'B'),
    make('/guides/webhooks/payin#a', 'A'),
  ]);
  const hits = engine.search('callback processed');
  assert.deepEqual(hits.map((h) => h.record.u.split('#')[0]).sort(), ['/guides/webhooks/payin', '/guides/webhooks/payout']);
  // Over the built index, for queries readers type.
  const built = createEngine(loadIndex().records);
  for (const query of ['webhook signature', 'refund', 'payout callback', 'status']) {
    const keys = built.search(query).map((h) => `${h.record.u.split('#')[0]} ${h.record.c ?? h.record.h.join('/')}`);
    assert.equal(new Set(keys).size, keys.length, `"${query}" lists a text twice`);
  }
});
