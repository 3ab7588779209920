/**
 * Questions in readers' words (issue 32), over the built index: the question set's scores in the modal's
 * order, the modal's and /search's client giving the engine's order with the answering sentence, how a
 * question is planned, the readers' words map (each entry points at words of the site and is needed), and
 * every link search gives being readable by the MCP server's read_page.
 *
 * Run: node --import tsx --test tests/unit/search-questions.test.ts (after `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../../src/search/engine';
import { tokenize } from '../../src/search/words';
import { createLocalSearchClient } from '../../src/search/client';
import { escapeHtml } from '../../src/text';
import { questionSet } from '../../tools/search-question-set';
import { inSiteWords, readerWords } from '../../src/search/readerWords';
import { planOf } from '../../src/search/question';
import { modalPages, relevanceScores, runRelevance } from '../../tools/search-relevance';
import { readable } from '../../tools/search-relevance-figures';
import { sectionFor } from '../../mcp/sections';
import { BUILD_DIR } from './build-output';
import { builtEngine, loadIndex } from './built-search';

test(`questions in readers' words (${questionSet.length}): hit@3 at least 90% and MRR at least 0.85, in the modal's order`, () => {
  const outcomes = runRelevance(
    builtEngine(),
    questionSet.map((q) => ({ query: q.query, pages: q.pages, kind: 'concept' as const })),
  );
  const { hit1, hit3, mrr, n } = relevanceScores(outcomes);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`# questions in readers' words (${n}): hit@1 ${pct(hit1)}, hit@3 ${pct(hit3)}, MRR ${mrr.toFixed(3)}`);
  for (const o of outcomes.filter((x) => x.rank !== 1))
    console.log(`#   ${o.rank || '-'}: ${o.case.query} -> ${o.pages.slice(0, 3).join(', ')}`);
  assert.ok(n >= 40, `${n} questions`);
  const index = loadIndex();
  const urls = new Set(index.records.map((record) => record.u));
  const routes = new Set([...urls].map((u) => u.split('#')[0]));
  assert.deepEqual(
    questionSet.flatMap((q) => [...q.pages.filter((p) => !routes.has(p)), ...(q.anchors ?? []).filter((a) => !urls.has(a))]),
    [],
    'every answering page and anchor is in the build',
  );
  assert.ok(hit3 >= 0.9, `hit@3 is ${pct(hit3)}, below 90%`);
  assert.ok(mrr >= 0.85, `MRR is ${mrr.toFixed(3)}, below 0.85`);
});

test('the modal and /search get the engine’s order for every question, with the answering sentence as the snippet', async () => {
  const engine = builtEngine();
  const client = createLocalSearchClient(
    async () => loadIndex(),
    createEngine,
    () => 'https://docs.example',
  );
  for (const { query } of questionSet) {
    const answer = await client.search({ requests: [{ indexName: 'docs', query, hitsPerPage: 20 }] });
    const hits = answer.results[0].hits;
    const ranked = engine.search(query).slice(0, 20);
    assert.deepEqual(
      hits.map((h) => h.objectID),
      ranked.map((r) => r.record.url),
      query,
    );
    hits.forEach((hit, i) => {
      // The snippet is the engine's answering sentence (cut to a window of words around the match).
      const text = ranked[i].text;
      const snippet = (hit._snippetResult.content?.value ?? '').replace(/<[^>]+>/g, '').replace(/^… | …$/g, '');
      if (text) assert.ok(snippet.length > 0 && escapeHtml(text).includes(snippet), `${query}: ${hit.url}: ${snippet}`);
    });
  }
  // A heading's hit answers with the sentence under it that holds the query's words, not its lead-in.
  const [twoFactor] = engine.search('How do I turn on two-factor authentication?');
  assert.equal(twoFactor.record.url, '/help-center/settings/security#check-your-one-time-codes');
  assert.match(twoFactor.text ?? '', /one-time codes/);
  const underpaid = engine.search('what if the customer pays too little')[0];
  assert.equal(underpaid.record.url, '/guides/charges/statuses#underpaid-and-overpaid-charges');
  assert.match(underpaid.text ?? '', /underpaid/);
  // A lead-in goes on with what it leads to.
  const auth = engine.search('How do I authenticate my API requests?').find((h) => h.record.url.endsWith('#authentication-schemes'));
  assert.match(auth?.text ?? '', /^The API accepts three kinds of credentials: .*Bearer token/);
});

test('a question is searched by its telling words: question words and auxiliaries (has, have, had) go', () => {
  const share = () => 0.2;
  assert.equal(planOf('How do I know when a charge has been paid?', share, []).query, 'charge paid');
  assert.equal(planOf('Why have my payouts had an error?', share, []).query, 'payouts error');
  // Contractions are written out, and filler words go: "doesn't" is not the word doesn.
  assert.equal(planOf("Why doesn't my payout get sent?", share, []).query, 'payout sent');
  // A few keywords are searched as typed, a filler word first too.
  assert.equal(planOf('charge has paid', share, []).query, 'charge has paid');
  assert.equal(planOf('get charge by id', share, []).query, 'get charge by id');
});

test("readers' words: each points at words of the site, and each is a wording that misses without the map", () => {
  const records = loadIndex().records;
  const withMap = builtEngine();
  const without = createEngine(records, { readerWords: [] });
  const indexWords = new Set(records.flatMap((r) => tokenize([...r.h, r.c ?? ''].join(' ')).map((w) => w.toLowerCase())));
  const document = fs.readFileSync(path.join(process.cwd(), 'openapi', 'v2.0.yaml'), 'utf8').toLowerCase();
  const rank = (engine: ReturnType<typeof createEngine>, query: string, page: string) => modalPages(engine, query).indexOf(page) + 1;
  for (const entry of readerWords) {
    for (const word of entry.means.toLowerCase().split(/\s+/)) {
      assert.ok(indexWords.has(word) || document.includes(word), `${entry.means}: "${word}" is not a word of the site`);
    }
    const { query, page } = entry.example;
    assert.notEqual(inSiteWords(query), query, `${query}: the map changes it`);
    const before = rank(without, query, page);
    const after = rank(withMap, query, page);
    assert.ok(before === 0 || before > 3, `${query}: ${page} is hit ${before} without the map, so the entry is not needed`);
    assert.ok(after >= 1 && after <= 3, `${query}: ${page} is hit ${after} with the map`);
  }
});

test('every link search gives is readable: read_page serves each anchor of the index, a table row as the section that holds it', () => {
  const records = loadIndex().records;
  const anchors = [...new Set(records.map((r) => r.u).filter((u) => u.includes('#')))];
  assert.ok(anchors.length > 500, `${anchors.length} anchors`);
  assert.deepEqual(
    anchors.filter((u) => !readable(BUILD_DIR, records, u)),
    [],
  );
  const row = sectionFor(
    fs.readFileSync(path.join(BUILD_DIR, 'guides/payouts.md'), 'utf8'),
    records,
    '/guides/payouts',
    'payout-error-1003',
  );
  assert.match(row ?? '', /^## Payout error codes\n/);
  assert.match(row ?? '', /1003/);
});
