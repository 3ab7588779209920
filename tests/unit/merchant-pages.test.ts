/**
 * The help centre's merchant-pages check (npm run merchant-pages, scripts/merchant-pages.ts) on hand-written
 * pages in tests/fixtures/merchant-pages/, whose counts are worked out here by hand.
 *
 * Run: node --import tsx --test tests/unit/merchant-pages.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { merchantPagesReport, formatReport, renderedLines } from '../../scripts/merchant-pages';
import { call } from '../openapi';

const FIXTURES = path.resolve(__dirname, '../fixtures/merchant-pages');
/** Every source line as one line, for counts by hand. */
const oneEach = () => 1;

test('developer lines are the "For developers" section and <details> blocks; the rest, imports aside, are the merchant’s', () => {
  const report = merchantPagesReport(FIXTURES, oneEach);
  assert.equal(report.pages, 3);
  // heavy.mdx: merchant = the intro, "## Next steps" and its link (3); developer = "## For developers",
  // its sentence and two components (4), and the <details> block (its 4 non-blank lines).
  // balanced.mdx: merchant = intro, heading, two steps, the mark, the code block's 3 lines (8);
  // developer = the section's heading and link (2). section/opens-with-mark.mdx: merchant 3, developer 0.
  assert.deepEqual(
    report.developerHeavy.map(({ page, developer, merchant }) => ({ page, developer, merchant })),
    [{ page: 'heavy.mdx', developer: 8, merchant: 3 }],
  );
});

test('a line of an OpenAPI component counts as the lines it renders', () => {
  assert.equal(renderedLines('Send money to many people at once.'), 1);
  // <Operation>: its method and path, its authentication, a header row and one row per parameter (the tests' own
  // reading of the document).
  assert.equal(renderedLines('<Operation id="listCharges" />'), 3 + call('listCharges').parameters.length);
  assert.ok(renderedLines('<SchemaFields name="Invoice" />') > 10, 'the Invoice table has many rows');
  // heavy.mdx: its developer part is now far longer than counted line by line.
  const [heavy] = merchantPagesReport(FIXTURES).developerHeavy;
  assert.ok(heavy.developer > 20, String(heavy.developer));
});

test('a page opens with a mark when <Unknown> comes before any step or paragraph, headings aside', () => {
  const report = merchantPagesReport(FIXTURES, oneEach);
  assert.deepEqual(report.openingWithMark, ['section/opens-with-mark.mdx']);
  // balanced.mdx's mark comes after the steps of its section; the other page's section opens with one.
  assert.deepEqual(report.sectionsOpeningWithMark, ['section/opens-with-mark.mdx: Statuses']);
});

test('the report gives each figure with its goal, and the pages behind it', () => {
  assert.equal(
    formatReport(merchantPagesReport(FIXTURES, oneEach)),
    [
      'Lines as a reader sees them: an OpenAPI component counts as the rows or lines it renders.',
      'Pages with more developer lines than merchant lines: 1 of 3 (goal: at most 4 of 3)',
      '  help-center/heavy.mdx: developer 8, merchant 3',
      'Pages that open with a mark (<Unknown>) before any step or paragraph: 1 of 3 (goal: 0)',
      '  help-center/section/opens-with-mark.mdx',
      'Sections (h2, h3) that open with a mark before their first step or paragraph: 1 (a mark goes after what is known; not a goal of --check)',
      '  help-center/section/opens-with-mark.mdx: Statuses',
    ].join('\n'),
  );
});
