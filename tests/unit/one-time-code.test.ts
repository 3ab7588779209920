/**
 * The one-time code as the specification gives it: "Payouts, refunds and fiat withdrawals need a
 * one-time code (otp) when enabled for the account"; only the mass payout send call requires `otp`
 * always ("The send call requires otp"). No sentence of the pages (docs/, help-center/, reference/)
 * or of the OpenAPI document's descriptions states the code as always needed: a sentence that names
 * the code with a phrasing of need ("needs a one-time code", "requires `otp`", "confirm with your
 * one-time code", "have a one-time code at hand", "always") says in the same sentence when (when or
 * if codes are enabled / switched on), or is about the mass payout send call.
 *
 * Run: node --import tsx --test tests/unit/one-time-code.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../../src/built/pages';
import type { DocumentNode } from '../../src/openapi/document';
import { doc } from '../openapi';

const ROOT = path.resolve(__dirname, '../..');

/** The code, by name. */
const CODE = String.raw`(?:one-time code|\botp\b|\x60otp\x60)`;
/** Phrasings that state the code as needed. */
const NEED = [
  new RegExp(String.raw`\b(?:needs?|needed|requires?|required|must (?:give|enter|use|have|send))\b[^.;]{0,40}${CODE}`, 'i'),
  new RegExp(String.raw`${CODE}[^.;]{0,30}\b(?:is|are) (?:always )?(?:needed|required)\b`, 'i'),
  new RegExp(String.raw`\bconfirm\w*\b[^.;]{0,30}\bwith (?:your|a) \[?one-time code`, 'i'),
  new RegExp(String.raw`\bhave (?:a|your) \[?one-time code`, 'i'),
  // An item of a list of what a task needs: "- **A one-time code.**"
  new RegExp(String.raw`^[-*]\s+\**A one-time code\b`, 'i'),
  new RegExp(String.raw`\balways\b[^.;]*${CODE}|${CODE}[^.;]*\balways\b`, 'i'),
];
/** The condition the specification gives. */
const WHEN_ENABLED = /\b(?:when|if|once|where)\b[^.]*\b(?:enabled|switched on|turned on|are on|is on)\b/i;
/** The one call that requires `otp` always. */
const SEND_CALL =
  /send call|\/send\b|sendMassPayout|mass payout[^.]*\bconfirm|\bconfirm[^.]*mass payout|with_confirmation|waits? (?:for|until)/i;

/** Sentences of a Markdown page: prose split at sentence ends and lines; front matter, imports and code blocks aside. */
export function sentencesOf(markdown: string): string[] {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  return body
    .split('\n')
    .filter((line) => !/^import\s/.test(line))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z[`*])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Whether a sentence states the one-time code as always needed, where the specification says "when enabled". */
export function statesCodeAlways(sentence: string): boolean {
  return NEED.some((re) => re.test(sentence)) && !WHEN_ENABLED.test(sentence) && !SEND_CALL.test(sentence);
}

/** Every `description` (and `summary`) of the OpenAPI document, with where it is. */
function documentTexts(node: DocumentNode, at = '', found: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(node)) node.forEach((item, i) => documentTexts(item, `${at}[${i}]`, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries<DocumentNode>(node)) {
      if ((key === 'description' || key === 'summary' || key === 'text') && typeof value === 'string') found.push([`${at}.${key}`, value]);
      else documentTexts(value, `${at}.${key}`, found);
    }
  }
  return found;
}

/** Pages in a folder whose sentences are about the mass payout send call throughout (its confirmation). */
const MASS_PAYOUT_PAGES = /(?:^|\/)mass-payouts(?:\/|\.mdx$)/;

test('no page or description states the one-time code as always needed for payouts, refunds or withdrawals', () => {
  const found: string[] = [];
  for (const folder of ['docs', 'help-center', 'reference']) {
    for (const file of filesUnder(path.join(ROOT, folder), (name) => /\.mdx?$/.test(name))) {
      const rel = path.relative(ROOT, file);
      for (const sentence of sentencesOf(fs.readFileSync(file, 'utf8'))) {
        // On the mass payout pages, confirming is the send call.
        if (MASS_PAYOUT_PAGES.test(rel) && /\bconfirm/i.test(sentence)) continue;
        if (statesCodeAlways(sentence)) found.push(`${rel}: ${sentence}`);
      }
    }
  }
  for (const [where, text] of documentTexts(doc)) {
    // A description's lines are wrapped: its sentences run across them.
    for (const sentence of sentencesOf(text.replace(/\s*\n\s*(?!\n)/g, ' '))) {
      if (statesCodeAlways(sentence) && !SEND_CALL.test(where)) found.push(`openapi${where}: ${sentence}`);
    }
  }
  assert.deepEqual(found, [], 'say "when one-time codes are enabled for your account" (SPEC: "when enabled for the account")');
});

test('a sentence that states the code always is found; the specification’s own sentences pass (test of the test)', () => {
  for (const planted of [
    'Every withdrawal needs a one-time code.',
    'Payouts require `otp`.',
    'Confirm the refund with your one-time code.',
    'Have a one-time code at hand.',
    '- **A one-time code.**',
    'Fiat withdrawals always ask for a one-time code.',
  ]) {
    assert.ok(statesCodeAlways(planted), planted);
  }
  for (const fine of [
    'Payouts, refunds and fiat withdrawals need a one-time code (`otp`) when one-time codes are enabled for your account.',
    'Confirm, with your one-time code if one-time codes are switched on.',
    'The send call of a mass payout requires `otp`.',
    'Switch on one-time codes so that payouts need a code.',
  ]) {
    assert.ok(!statesCodeAlways(fine), fine);
  }
  const page = '---\ntitle: T\n---\n\nSend crypto. Confirm it with your one-time code.\n\n```bash\nneeds a one-time code\n```\n';
  assert.deepEqual(sentencesOf(page).filter(statesCodeAlways), ['Confirm it with your one-time code.']);
});
