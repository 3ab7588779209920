/**
 * The help centre's balance script (npm run pages:balance, scripts/pages-balance.ts) on hand-written
 * pages in tests/fixtures/pages-balance/, whose counts are worked out here by hand.
 *
 * Run: node --import tsx --test tests/unit/pages-balance.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { balanceReport, formatReport } from '../../scripts/pages-balance';

const FIXTURES = path.resolve(__dirname, '../fixtures/pages-balance');

test('developer lines are the "For developers" section and <details> blocks; the rest, imports aside, are the merchant’s', () => {
  const report = balanceReport(FIXTURES);
  assert.equal(report.pages, 3);
  // heavy.mdx: merchant = the intro, "## Next steps" and its link (3); developer = "## For developers",
  // its sentence and two components (4), and the <details> block (its 4 non-blank lines).
  // balanced.mdx: merchant = intro, heading, two steps, the mark, the code block's 3 lines (8);
  // developer = the section's heading and link (2). section/opens-with-mark.mdx: merchant 3, developer 0.
  assert.deepEqual(report.developerHeavy, [{ page: 'heavy.mdx', developer: 8, merchant: 3, opensWithMark: false }]);
});

test('a page opens with a mark when <Unknown> comes before any step or paragraph, headings aside', () => {
  assert.deepEqual(balanceReport(FIXTURES).openingWithMark, ['section/opens-with-mark.mdx']);
});

test('the report gives each figure with its goal, and the pages behind it', () => {
  assert.equal(
    formatReport(balanceReport(FIXTURES)),
    [
      'Pages with more developer lines than merchant lines: 1 of 3 (goal: at most 4 of 3)',
      '  help-center/heavy.mdx: developer 8, merchant 3',
      'Pages that open with a mark (<Unknown>) before any step or paragraph: 1 of 3 (goal: 0)',
      '  help-center/section/opens-with-mark.mdx',
    ].join('\n'),
  );
});
