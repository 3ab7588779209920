/**
 * The search modal's groups. DocSearch groups its hits by docs set (`hierarchy.lvl0`), in the order each set first
 * appears, at most five a set, so the first set's five hits all come before the next set's best. Here the engine's
 * first FIRST hits come first, whatever their sets: DocSearch's groups then keep them in the first FIRST places. Then
 * each docs set that is not among them gives its best NEW_SET. Every other hit follows under a group of its own,
 * "More in" its set. The search box (src/theme/SearchBar) and the relevance scores (relevance/score.ts) both order
 * hits with it.
 */
const FIRST = 3;
const NEW_SET = 2;

/** `hits` reordered as above; `moreOf` relabels a hit with its set's "More in" group. */
export function modalGroups<T>(hits: T[], setOf: (hit: T) => string, moreOf: (hit: T, set: string) => T): T[] {
  const first = hits.slice(0, FIRST);
  const shown = new Set(first.map(setOf));
  const given = new Map<string, number>();
  const next: T[] = [];
  const more: T[] = [];
  for (const hit of hits.slice(FIRST)) {
    const set = setOf(hit);
    const n = (given.get(set) ?? 0) + 1;
    given.set(set, n);
    if (!shown.has(set) && n <= NEW_SET) next.push(hit);
    else more.push(moreOf(hit, set));
  }
  return [...first, ...next, ...more];
}
