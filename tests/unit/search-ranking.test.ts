/**
 * How the engine ranks hits (src/search/engine.ts and scoring.ts), on records made for each rule: a long
 * query's words, titles above text, pages rather than sections, a page that answers in several sections, and the
 * page that explains before the reference.
 * The rules' effect on the site's own questions is in search.test.ts and search-questions.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../src/search/engine';
import type { SearchRecord } from '../../src/search/records';

test('a long query: a record with one of its words scores as any other record with one, whatever the number of words', () => {
  // 40 distinct three-letter words (none a typo or a prefix of another). With a bit a word past 32 words,
  // the bits wrapped: the 33rd word took the 1st word's bit, so a record with the 1st counted as having both.
  const words = Array.from({ length: 40 }, (_, i) => `q${'bcdfghjklmnpqrstvwxz'[i % 20]}${'bcdfghjklmnpqrstvwxz'[Math.floor(i / 20) + 5]}`);
  const text = (u: string, word: string): SearchRecord => ({
    u,
    t: 'content',
    h: ['Guides', 'Page'],
    c: word,
    g: 'docs-default-current',
    l: 'en',
  });
  const engine = createEngine([text('/first', words[0]), text('/eleventh', words[10])]);
  const query = words.join(' ');
  assert.ok(query.length <= 256, 'within what the engine reads of a query');
  const scores = Object.fromEntries(engine.search(query).map((h) => [h.record.url, h.score]));
  assert.ok(scores['/first'] > 0 && scores['/eleventh'] > 0, JSON.stringify(scores));
  assert.equal(scores['/first'], scores['/eleventh'], 'the record with the first word is not also credited with the 33rd');
});

test("titles rank first: a page whose title holds the query's words, above a heading, above text", () => {
  const rec = (u: string, t: string, h: string[], c?: string): SearchRecord => ({
    u,
    t,
    h: ['Guides', ...h],
    c,
    g: 'docs-default-current',
    l: 'en',
  });
  const engine = createEngine([
    rec(
      '/guides/invoices/description#update',
      'content',
      ['What an invoice is', 'Statuses'],
      'Invoice statuses change as the invoice statuses move on; see invoice statuses.',
    ),
    rec('/help/invoices/details#invoice-statuses', 'lvl2', ['Invoice details', 'Invoice statuses']),
    rec('/guides/invoices/statuses', 'lvl1', ['Invoice statuses']),
    rec('/api/update-checkout', 'lvl1', ['Update a checkout']),
    rec('/guides/checkouts/description#update-a-checkout', 'lvl2', ['What a checkout is', 'Update a checkout']),
  ]);
  assert.deepEqual(
    engine.search('invoice statuses').map((h) => h.record.url),
    ['/guides/invoices/statuses', '/help/invoices/details#invoice-statuses', '/guides/invoices/description#update'],
  );
  assert.equal(engine.search('update checkout')[0]?.record.url, '/api/update-checkout');
});

test('pages, not sections: a page gives one hit before the other pages have theirs', () => {
  const section = (n: number): SearchRecord => ({
    u: `/guides/checkouts/description#s${n}`,
    t: 'lvl2',
    h: ['Guides', 'What a checkout is', `Checkout theme, part ${n}`],
    g: 'docs-default-current',
    l: 'en',
  });
  const other: SearchRecord = {
    u: '/help/checkouts/creating#theme',
    t: 'content',
    h: ['Help Center', 'Projects'],
    c: `${'Open the form and fill in the name, the description, the price and the return page. '.repeat(4)}Pick a checkout theme.`,
    g: 'docs-help-center-current',
    l: 'en',
  };
  const pages = createEngine([section(1), section(2), section(3), section(4), section(5), other])
    .search('checkout theme')
    .map((h) => h.record.url.split('#')[0]);
  // Five sections of one page each outscore the other page's one; that page still comes second.
  assert.deepEqual(pages.slice(0, 2), ['/guides/checkouts/description', '/help/checkouts/creating']);
  assert.equal(pages.length, 6, 'the others come after, not dropped');
});

test('a page that answers in several sections ranks above a section that mentions the words once', () => {
  const rec = (u: string, h: string[], c: string): SearchRecord => ({
    u,
    t: 'content',
    h: ['Help Center', ...h],
    c,
    g: 'docs-help-center-current',
    l: 'en',
  });
  // One short section with both words, on a page about something else; a page that speaks of them in three sections.
  const other = rec('/help/balances#s1', ['Balances', 'Limits'], 'Limits apply to each swap rate.');
  const sections = [
    rec(
      '/help/exchange#s1',
      ['Exchange', 'How it works'],
      'A swap turns one currency into another at the rate of the moment you confirm it.',
    ),
    rec(
      '/help/exchange#s2',
      ['Exchange', 'Before you confirm'],
      'The swap shows the rate before you confirm it, with the amount you get in return.',
    ),
    rec('/help/exchange#s3', ['Exchange', 'Fees'], 'Each swap takes a fee on top of the rate, shown with the amount before you confirm.'),
  ];
  const first = (records: SearchRecord[]) => createEngine(records).search('swap rate')[0]?.record.url.split('#')[0];
  assert.equal(first([other, ...sections]), '/help/exchange');
  // Test of the test: against one of those sections alone, the short section comes first.
  assert.equal(first([other, sections[0]]), '/help/balances');
});

test('a page\'s "Next steps" and a section overview\'s "In this section", about other pages, weigh half', () => {
  // The same text under the same heading, once as a section about other pages and once as another section.
  const score = (u: string) =>
    createEngine([
      {
        u,
        t: 'content',
        h: ['Help Center', 'Top up', 'Mass payouts'],
        c: 'Pay many recipients at once with a mass payout.',
        g: 'docs-help-center-current',
        l: 'en',
      },
    ]).search('mass payout')[0]?.score ?? 0;
  const own = score('/help/topup#more');
  assert.ok(own > 0);
  for (const anchor of ['#next-steps', '#in-this-section']) {
    const about = score(`/help/topup${anchor}`);
    assert.ok(Math.abs(about - own / 2) < 1e-9, `${anchor}: ${about} against ${own}`);
  }
});

test('a question in a sentence gets the page that explains before the API Reference; keywords weigh both alike', () => {
  // The same text under the same headings, on a guide and on an API Reference page, each beside pages about other things.
  const others: SearchRecord[] = [1, 2, 3].map((i) => ({
    u: `/help/other-${i}`,
    t: 'content',
    h: ['Help Center', `Other ${i}`],
    c: `Unrelated words, number ${i}.`,
    g: 'docs-help-center-current',
    l: 'en',
  }));
  const score = (u: string, query: string) =>
    createEngine([
      { u, t: 'content', h: ['Payouts', 'Limits'], c: 'A payout over the turnover limit fails.', g: 'docs-default-current', l: 'en' },
      ...others,
    ]).search(query)[0]?.score ?? 0;
  const question = 'why does a payout over the turnover limit fail?';
  const inGuide = score('/guides/payouts#limits', question);
  assert.ok(inGuide > 0);
  assert.ok(score('/api/create-payout#limits', question) < inGuide, 'the API page weighs less in a question');
  assert.ok(score('/api#limits', question) < inGuide, 'the overview is the API Reference too');
  assert.equal(score('/apis/payouts#limits', question), inGuide, 'a route that only starts with the letters is not');
  assert.equal(score('/api/create-payout#limits', 'payout turnover limit'), score('/guides/payouts#limits', 'payout turnover limit'));
});
