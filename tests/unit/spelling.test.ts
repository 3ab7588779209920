/**
 * The spell checker of `npm test` (npm run spell: cspell 9 with cspell.json, US English, and the API's
 * names in cspell-words.txt) flags a name whose underscores Markdown ate and a British spelling, and
 * knows the API's own names. It runs cspell as `npm test` does, on text given on its standard input.
 *
 * Run: node --import tsx --test tests/unit/spelling.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** cspell's unknown words in `text`, checked with the project's configuration as a Markdown file. */
function unknownWords(text: string): string[] {
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/cspell'),
    ['--no-progress', '--no-summary', '--words-only', '--unique', 'stdin://page.md'],
    {
      cwd: ROOT,
      input: text,
      encoding: 'utf8',
    },
  );
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return run.stdout.split('\n').filter(Boolean).sort();
}

// One run of cspell (its start-up is most of its time): the words it must flag and the API's names it must pass.
test("cspell flags names whose underscores were eaten and British spellings, and passes the API's names and code as written", () => {
  assert.deepEqual(
    unknownWords(
      [
        'Priced at a fixed fiat amount (fixedprice) or without a price (noprice).',
        'Review the sessions you do not recognise.',
        'A submerchant tops up by SEPA: see topup, payin and the BSCUSD symbol on litecoin. Use `fixed_price`.',
        '```go\nos.Getenv("API_TOKEN")\n```\n',
      ].join('\n\n'),
    ),
    ['fixedprice', 'noprice', 'recognise'],
  );
});
