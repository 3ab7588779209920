/**
 * The held-out question sets: frozen files in tests/fixtures/held-out/ (round3.json, round4.json, …), each
 * written before its round's changes by a reader who had seen neither the search nor its tuning, with the
 * pages that answer each question chosen by reading them. They are measured, never tuned on: no reader's
 * wording, no ranking change, and no move into a tuning set for any of their questions (handbook/search-relevance.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { QuestionCase } from './question-set';

export type HeldOutSet = { round: number; written: string; rule: string; questions: Array<QuestionCase & { reader?: string }> };

export const HELD_OUT_DIR = path.resolve(__dirname, '../tests/fixtures/held-out');

/** Every held-out set, by round. */
export function heldOutSets(): HeldOutSet[] {
  return fs
    .readdirSync(HELD_OUT_DIR)
    .filter((file) => /^round\d+\.json$/.test(file))
    .map((file) => JSON.parse(fs.readFileSync(path.join(HELD_OUT_DIR, file), 'utf8')) as HeldOutSet)
    .sort((a, b) => a.round - b.round);
}
