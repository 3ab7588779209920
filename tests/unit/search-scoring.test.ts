/**
 * The engine's reader of MiniSearch's index (src/search/scoring.ts: matcherOf) against MiniSearch's own search, over
 * the built index with the engine's settings: the same records, the same scores to the last bit, the same words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { miniSearchOf } from '../../src/search/engine';
import { entryOf } from '../../src/search/records';
import { matcherOf } from '../../src/search/scoring';
import { candidateEdits, PREFIX_FROM, queryOf } from '../../src/search/terms';
import { relevanceSet } from '../../relevance/keyword-set';
import { questionSet } from '../../relevance/question-set';
import { loadIndex } from './built-search';

test("the engine's matches are MiniSearch's search: every record, its score and its matched words", () => {
  const mini = miniSearchOf(loadIndex().records.map(entryOf));
  const matcher = matcherOf(mini, candidateEdits);
  const queries = [...relevanceSet, ...questionSet].map((c) => c.query);
  let compared = 0;
  for (const query of queries)
    for (const lastOnly of [false, true]) {
      const { terms } = queryOf(query);
      // Every term a prefix, or only the last (a word being typed), as the engine's plans have it.
      const prefixed = terms.map((_, i) => !lastOnly || i === terms.length - 1);
      const expected = mini.search(terms.join(' '), {
        tokenize: (text) => text.split(' '),
        processTerm: (t) => t,
        prefix: (term, i) => prefixed[i] && term.length >= PREFIX_FROM,
      });
      const got = matcher.match(terms, prefixed, () => 1);
      const docOf = new Map<number, number>();
      for (let i = 0; i < got.count; i++) docOf.set(matcher.idOf(got.docs[i]), got.docs[i]);
      assert.equal(got.count, expected.length, query);
      for (const result of expected) {
        const doc = docOf.get(result.id as number);
        assert.notEqual(doc, undefined, `${query}: record ${String(result.id)}`);
        assert.equal(got.score[doc as number], result.score, `${query}: the score of record ${String(result.id)}`);
        assert.deepEqual(matcher.wordsOf(doc as number, got.words).sort(), [...result.terms].sort(), query);
        compared++;
      }
    }
  assert.ok(compared > 10_000, `${compared} records compared`);
});

test('the reader refuses a MiniSearch whose index it cannot read, by name', () => {
  const mini = miniSearchOf([]);
  Object.defineProperty(mini, '_index', { value: new Map() });
  assert.throws(() => matcherOf(mini, candidateEdits), /MiniSearch has changed its index \(src\/search\/scoring\.ts/);
});
