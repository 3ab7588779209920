/** Runs the relevance set against an index; shared by the unit test and the benchmark. */
import type { Engine } from '../../src/search/engine';
import { relevanceSet, type RelevanceCase } from '../fixtures/search-relevance';

type Outcome = { case: RelevanceCase; pages: string[]; pass: boolean };

function distinctPages(engine: Engine, query: string, n: number): string[] {
  const pages: string[] = [];
  for (const hit of engine.search(query)) {
    const page = hit.record.u.split('#')[0];
    if (!pages.includes(page)) pages.push(page);
    if (pages.length === n) break;
  }
  return pages;
}

export function runRelevance(engine: Engine): Outcome[] {
  return relevanceSet.map((c) => {
    const pages = distinctPages(engine, c.query, 3);
    const pass = c.first ? c.pages.includes(pages[0] ?? '') : pages.some((p) => c.pages.includes(p));
    return { case: c, pages, pass };
  });
}
