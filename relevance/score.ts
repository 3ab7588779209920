/**
 * Runs the relevance set (relevance/keyword-set.ts) against the engine, as
 * the search modal shows its answer; shared by the unit test and the benchmark.
 *
 * The modal (DocSearch 4.7, `@docsearch/react`) asks for 20 hits, which the
 * search box reorders (src/search/modalGroups.ts: the engine's first three,
 * then the best two of each other docs set, then each set's others under its
 * "More in" heading). DocSearch groups them by `hierarchy.lvl0` (the docs set,
 * or its "More in") in the order each group first appears, keeps at most 5 a
 * group (`maxResultsPerGroup`), and inside a group lists the hits page by page
 * (`hierarchy.lvl1`), each page where its first hit falls. A question's rank is
 * the place of its first answering hit in that order. tests/e2e/search.spec.ts
 * checks that the modal lists them so.
 */
import type { Engine, Ranked } from '../src/search/engine';
import { relevanceSet, type RelevanceCase } from './keyword-set';
import { modalGroups } from '../src/search/modalGroups';

const HITS_PER_PAGE = 20;
const MAX_RESULTS_PER_GROUP = 5;

function groupBy<T>(items: T[], key: (item: T) => string, max: number): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item)) ?? [];
    groups.set(key(item), list);
    if (list.length < max) list.push(item);
  }
  return [...groups.values()];
}

/** The hits in the order the modal lists them. */
function modalOrder(ranked: Ranked[]): Ranked[] {
  const hits = ranked.slice(0, HITS_PER_PAGE).map((hit) => ({ hit, set: hit.record.hierarchy[0] ?? '' }));
  const grouped = modalGroups(
    hits,
    (h) => h.set,
    (h, set) => ({ hit: h.hit, set: `more ${set}` }),
  );
  return groupBy(grouped, (h) => h.set, MAX_RESULTS_PER_GROUP).flatMap((group) =>
    groupBy(group, (h) => h.hit.record.hierarchy[1] ?? '', MAX_RESULTS_PER_GROUP)
      .flat()
      .map((h) => h.hit),
  );
}

const pageOf = (r: Ranked) => r.record.url.split('#')[0];

/** The pages of the modal's hits for a query, one entry a hit, in the modal's order. */
export function modalPages(engine: Engine, query: string): string[] {
  return modalOrder(engine.search(query)).map(pageOf);
}

/** `rank`: the 1-based place of the first hit on an answering page in the modal (0: none of its hits). */
export type Outcome = { case: RelevanceCase; pages: string[]; rank: number };

export function runRelevance(engine: Engine, cases: RelevanceCase[] = relevanceSet): Outcome[] {
  return cases.map((c) => {
    const pages = modalPages(engine, c.query);
    return { case: c, pages, rank: pages.findIndex((p) => c.pages.includes(p)) + 1 };
  });
}

/** hit@1 and hit@3 (shares of questions answered by the first hit, and by one of the first three) and the mean reciprocal rank. */
export function relevanceScores(outcomes: Outcome[]): { hit1: number; hit3: number; mrr: number; n: number } {
  const n = outcomes.length;
  const share = (ok: (o: Outcome) => boolean) => outcomes.filter(ok).length / n;
  return {
    hit1: share((o) => o.rank === 1),
    hit3: share((o) => o.rank >= 1 && o.rank <= 3),
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / n,
    n,
  };
}
