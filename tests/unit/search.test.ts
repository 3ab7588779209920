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
import { createEngine, engineState, loadEngine, type Engine, type EngineState } from '../../src/search/engine';
import { editDistance } from '../../src/search/editDistance';
import { tokenize } from '../../src/search/words';
import { createLocalSearchClient } from '../../src/search/client';
import { highlight } from '../../src/search/answer';
import { modalGroups } from '../../src/search/modalGroups';
import type { SearchRecord } from '../../src/search/records';
import { searchSettings } from '../../src/search/config';
import { escapeRegExp } from '../../src/text';
import { relevanceSet } from '../../relevance/keyword-set';
import { modalPages, relevanceScores, runRelevance } from '../../relevance/score';
import { builtEngine, loadIndex } from './built-search';
import { parse } from 'yaml';

const PAGE = `<!doctype html><html><head><title>Charge statuses | Crypto Payments</title>
<meta name="docsearch:docusaurus_tag" content="docs-default-current"><meta name="docsearch:language" content="en"></head>
<body><nav>Menu text</nav><article><h1>Charge statuses</h1><p>Every charge has a status.</p>
<h2 id="statuses">Statuses<a class="hash-link" href="#statuses">#</a></h2>
<table data-enum="ChargeStatus"><tbody><tr id="pending"><th><code>pending</code><a class="hash-link" href="#pending">#</a></th><td>Waiting &lt;b&gt;</td></tr></tbody></table>
<h3 id="timeline">Timeline</h3><ul><li>First item</li><li><p>Nested paragraph</p></li></ul><pre><code>curl secret</code></pre></article></body></html>`;

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

/** A field table as the site's pages render it (SchemaFields), and a property as the API reference renders it. */
const FIELDS = `<!doctype html><html><head><meta name="docsearch:docusaurus_tag" content="docs-help-center-current"></head>
<body><article><h1>Refunds</h1><h2 id="for-developers">For developers</h2><table><tbody>
<tr><th scope=row><code>address</code><span class=required>required</span><td>string<td><span>The address to refund to.</span></tr>
<tr><th scope=row><code>fee_payer</code><td>string<td>Who pays the fee. One of: <code>merchant</code>, <code>customer</code>.</tr>
</tbody></table><ul><li><span class="openapi-schema__container"><strong class="openapi-schema__property">payment_id</strong><span class="openapi-schema__name"> string</span><span class="openapi-schema__divider"></span><span class="openapi-schema__required">required</span></span></li></ul>
<p>Pay <code>fiat_price</code>.<code>symbol</code> in <a href="/x">USD</a>, see <em>fees</em>.</p></article></body></html>`;

test('record texts keep a space or a separator between field name, "required", type and description', () => {
  const texts = recordsOfPage(FIELDS, '/help-center/refund').map((r) => r.c);
  assert.ok(texts.includes('address required — string — The address to refund to.'), texts.join('\n'));
  assert.ok(texts.includes('fee_payer — string — Who pays the fee. One of: merchant, customer.'));
  assert.ok(texts.includes('payment_id string required'));
  assert.ok(texts.includes('Pay fiat_price.symbol in USD, see fees.'), 'text between elements is kept as it is');
});

/** Every property name of the OpenAPI document. */
function documentFieldNames(): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') for (const name of Object.keys(value)) names.add(name);
      walk(value);
    }
  };
  walk(parse(fs.readFileSync(path.resolve(__dirname, '../../openapi/v2.0.yaml'), 'utf8')));
  return [...names];
}

test('no record of the built index glues a field name to the next word ("addressrequired", "pricing_typestring")', () => {
  const names = documentFieldNames();
  assert.ok(names.length > 100, `${names.length} field names in the document`);
  const next = '(?:required|nullable|deprecated|string|integer|number|boolean|object|array)';
  const glued = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${names.map(escapeRegExp).join('|')})${next}`, 'u');
  const found = loadIndex()
    .records.flatMap((r) => [...r.h, r.c ?? ''].filter((t) => glued.test(t)).map((t) => `${r.u}: ${t.slice(0, 80)}`))
    .slice(0, 5);
  assert.deepEqual(found, []);
});

test('typos: one edit from 4 letters, a swap of two letters counts as one, two edits from 8; no looser', () => {
  const page = (u: string, title: string): SearchRecord => ({
    u,
    t: 'lvl1',
    h: ['Help Center', title],
    g: 'docs-help-center-current',
    l: 'en',
  });
  const engine = createEngine([page('/refund', 'Refunds'), page('/welcome', 'Welcome'), page('/withdrawal', 'Fiat withdrawal')]);
  const first = (q: string) => engine.search(q)[0]?.record.url;
  assert.equal(first('refnud'), '/refund', 'a swap');
  assert.equal(first('refunds'), '/refund', 'a plural finds the singular and back');
  assert.equal(first('withdrawl'), '/withdrawal', 'a letter missing');
  assert.equal(first('withdrwl'), '/withdrawal', 'two letters missing in a long word');
  assert.deepEqual(engine.search('become'), [], '"become" is two edits from "welcome": not a typo of it');
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
  assert.equal(engine.search('payot')[0]?.record.url, '/guides/payouts');
  assert.equal(engine.search('verif')[0]?.record.url, '/help-center/kyb');
  assert.deepEqual(engine.search('   '), []);
  assert.equal(engine.search('payouts', [['docusaurus_tag:docs-help-center-current']]).length, 0);
  assert.equal(
    engine.search('payouts', ['language:en', ['docusaurus_tag:docs-default-current', 'docusaurus_tag:default']]).length > 0,
    true,
  );
});

test('highlights escape the text and the query', () => {
  const hl = highlight('Fees <script>alert(1)</script> fee', ['fee'], '<mark>', '</mark>');
  assert.equal(hl.value, '<mark>Fees</mark> &lt;script&gt;alert(1)&lt;/script&gt; <mark>fee</mark>', 'whole words, escaped text');
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

test('the built index covers guides, help centre and API reference', () => {
  // Its size, against its goal of 150 KB compressed: npm run bench:search.
  const tags = new Set(loadIndex().records.map((r) => r.g));
  assert.deepEqual([...tags].sort(), ['docs-api-current', 'docs-default-current', 'docs-help-center-current']);
});

test(`relevance set (${relevanceSet.length} keyword queries from the specification and the sidebars): every one in the first 3 hits`, () => {
  const outcomes = runRelevance(builtEngine());
  const { hit1, hit3, mrr, n } = relevanceScores(outcomes);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`# search relevance (${n} questions, the modal's order): hit@1 ${pct(hit1)}, hit@3 ${pct(hit3)}, MRR ${mrr.toFixed(3)}`);
  for (const o of outcomes.filter((x) => x.rank !== 1)) {
    console.log(`#   ${o.rank || '-'}: ${o.case.query} -> ${o.pages.slice(0, 3).join(', ')}`);
  }
  // The set asks what readers ask: both sections, every kind of question.
  assert.ok(n >= 60, `${n} questions`);
  const answers = relevanceSet.flatMap((c) => c.pages);
  assert.ok(answers.some((p) => p.startsWith('/guides/')) && answers.some((p) => p.startsWith('/help-center/')));
  const routes = new Set(loadIndex().records.map((record) => record.u.split('#')[0]));
  assert.deepEqual(
    answers.filter((p) => !routes.has(p)),
    [],
    'every answering page is a page of the build',
  );
  for (const kind of ['task', 'error', 'field', 'typo', 'concept'] as const) {
    assert.ok(relevanceSet.filter((c) => c.kind === kind).length >= 5, `at least 5 ${kind} questions`);
  }
  assert.equal(hit3, 1, `hit@3 is ${pct(hit3)}, below 100%`);
});

test("named pages: the titled page first, a typo finds its page, a call's name finds the call", () => {
  const engine = builtEngine();
  const place = (query: string, page: string) => modalPages(engine, query).indexOf(page) + 1;
  assert.equal(place('invoice statuses', '/guides/invoices/statuses'), 1, 'the page titled "Invoice statuses" first');
  assert.equal(place('update checkout', '/api/update-checkout'), 1, 'the call "Update a checkout" first');
  const typo = place('withdrawl fiat', '/help-center/withdrawal/fiat');
  assert.ok(typo >= 1 && typo <= 3, `"withdrawl fiat": the fiat withdrawal page is hit ${typo || 'none'}`);
  const security = place('two factor one-time code', '/help-center/settings/security');
  assert.ok(security >= 1 && security <= 3, `"two factor one-time code": the security page is hit ${security || 'none'}`);
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
  assert.deepEqual(hits.map((h) => h.record.url.split('#')[0]).sort(), ['/guides/webhooks/payin', '/guides/webhooks/payout']);
  // Over the built index, for queries readers type.
  const built = createEngine(loadIndex().records);
  for (const query of ['webhook signature', 'refund', 'payout callback', 'status']) {
    const keys = built.search(query).map((h) => `${h.record.url.split('#')[0]} ${h.record.content ?? h.record.hierarchy.join('/')}`);
    assert.equal(new Set(keys).size, keys.length, `"${query}" lists a text twice`);
  }
});

test('the engine loaded from its state built ahead ranks as the engine over the records, hit for hit', () => {
  const { records } = loadIndex();
  // Through JSON, as the edge's bundle carries it (mcp/build.ts).
  const loaded = loadEngine(JSON.parse(JSON.stringify(engineState(records))) as EngineState);
  const indexed = createEngine(records);
  const view = (engine: Engine, query: string) =>
    engine.search(query).map((h) => `${h.record.url} ${h.score.toFixed(9)} ${h.terms.join(',')} ${h.text ?? ''}`);
  for (const { query } of relevanceSet) assert.deepEqual(view(loaded, query), view(indexed, query), query);
  assert.ok(view(loaded, 'refund').length > 0);
});

test('edit distance counts a swap of two neighbouring letters as one edit', () => {
  const cases: Array<[string, string, number]> = [
    ['refnud', 'refund', 1],
    ['kitten', 'sitting', 3],
    ['withdrwl', 'withdrawal', 2],
    ['ca', 'abc', 3],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['payout', 'payout', 0],
    ['a'.repeat(40), 'b'.repeat(45), 45],
  ];
  for (const [a, b, d] of cases) assert.equal(editDistance(a, b), d, `${a} ${b}`);
});

test("the modal's groups: the engine's first three, each other set's best two, then each set's others under its own heading", () => {
  const hits = ['G1', 'H1', 'G2', 'G3', 'A1', 'H2', 'A2', 'A3', 'H3'];
  const ordered = modalGroups(
    hits,
    (hit) => hit[0],
    (hit, set) => `more ${set}: ${hit}`,
  );
  assert.deepEqual(ordered, ['G1', 'H1', 'G2', 'A1', 'A2', 'more G: G3', 'more H: H2', 'more A: A3', 'more H: H3']);
  assert.deepEqual(
    modalGroups(
      [],
      () => '',
      (hit) => hit,
    ),
    [],
  );
});
