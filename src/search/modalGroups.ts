/**
 * The search modal's groups. DocSearch groups its hits by docs set (`hierarchy.lvl0`), in the order each set first
 * appears, at most five a set, so the first set's five hits all come before the next set's best. Here each docs set's
 * best FIRST_A_SET hits come first, in the engine's order; each set's other hits follow under a group of their own,
 * "More in" the set. The search box (src/theme/SearchBar) and the relevance scores (relevance/score.ts) both order hits
 * with it.
 */
const FIRST_A_SET = 2;

/** `hits` reordered: every set's first FIRST_A_SET, then the others, each relabelled with its set's "more" group. */
export function modalGroups<T>(hits: T[], setOf: (hit: T) => string, moreOf: (hit: T, set: string) => T): T[] {
  const seen = new Map<string, number>();
  const first: T[] = [];
  const more: T[] = [];
  for (const hit of hits) {
    const set = setOf(hit);
    const n = (seen.get(set) ?? 0) + 1;
    seen.set(set, n);
    if (n <= FIRST_A_SET) first.push(hit);
    else more.push(moreOf(hit, set));
  }
  return [...first, ...more];
}
