/**
 * The search's figures over a build: the keyword set (relevance/keyword-set.ts's relevanceSet) in the
 * modal's order, and each held-out set (relevance/held-out.ts, never tuned on) through the engine in the
 * modal's order and through the MCP server's search_docs (mcp/search.ts, against the build served on a free
 * port), totals only; and the section links that search gives for every set which read_page would refuse
 * (mcp/sections.ts, over the build's Markdown twins). `npm run bench:search` prints them
 * (bench/lib/search-goals.ts). The tuned question set (questionSet) is no figure: tests guard it by example.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine, type Engine, type EngineOptions } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile, type SearchRecord } from '../src/search/records';
import { twinPath } from '../src/markdown/paths';
import { INDEX_PATH, searchDocs } from '../mcp/search';
import { sectionFor } from '../mcp/sections';
import { Site } from '../mcp/site';
import { serveBuild } from '../harness/servers';
import { relevanceSet, type RelevanceCase } from './keyword-set';
import { questionSet, type QuestionCase } from './question-set';
import { heldOutSets } from './held-out';
import { relevanceScores, runRelevance, type Outcome } from './score';

type Scores = ReturnType<typeof relevanceScores>;

/** A held-out set's totals: in the search box's order (src/search/modalGroups.ts), and through search_docs. */
type HeldOutFigures = { round: number; written: string; modal: Scores; mcp: Scores };

export type SearchFigures = {
  keywords: Scores;
  heldOut: HeldOutFigures[];
  /** The held-out sets again, with the engine made with `without` (the readers' words left out, for one). */
  heldOutWithout?: HeldOutFigures[];
  /** Distinct section links (with an anchor) that search gave for every set, and those read_page refuses. */
  links: number;
  refused: string[];
};

const asCases = (set: QuestionCase[]): RelevanceCase[] => set.map((q) => ({ query: q.query, pages: q.pages, kind: 'concept' }));

function loadRecords(buildDir: string): SearchRecord[] {
  return (JSON.parse(fs.readFileSync(path.join(buildDir, SEARCH_INDEX_FILE), 'utf8')) as SearchIndexFile).records;
}

/** Whether read_page serves `url` (a path with an anchor): the twin has the section (mcp/sections.ts). */
export function readable(buildDir: string, records: SearchRecord[], url: string): boolean {
  const [route, anchor] = url.split('#');
  if (!anchor) return true;
  const file = path.join(buildDir, twinPath(route));
  if (!fs.existsSync(file)) return false;
  return sectionFor(fs.readFileSync(file, 'utf8'), records, route, anchor) !== undefined;
}

/** The held-out sets' totals with one engine: in the modal's order, and through search_docs of a site reader using it. */
async function heldOutFigures(engine: Engine, site: Site, urls: Set<string>): Promise<HeldOutFigures[]> {
  const figures: HeldOutFigures[] = [];
  for (const set of heldOutSets()) {
    const cases = asCases(set.questions);
    const viaMcp: Outcome[] = [];
    for (const c of cases) {
      const hits = await searchDocs(site, c.query, undefined, 8);
      const pages = hits.map((h) => new URL(h.url).pathname);
      for (const h of hits) urls.add(new URL(h.url).pathname + new URL(h.url).hash);
      viaMcp.push({ case: c, pages, rank: pages.findIndex((p) => c.pages.includes(p)) + 1 });
    }
    figures.push({
      round: set.round,
      written: set.written,
      modal: relevanceScores(runRelevance(engine, cases)),
      mcp: relevanceScores(viaMcp),
    });
  }
  return figures;
}

/**
 * Every figure, over the build in `buildDir`; search_docs against the build served on a free port. With `without`,
 * the held-out sets again with the engine made with those options (search_docs ranks with that engine too).
 */
export async function searchFigures(buildDir: string, engine?: Engine, without?: EngineOptions): Promise<SearchFigures> {
  const records = loadRecords(buildDir);
  const eng = engine ?? createEngine(records);
  const keywords = relevanceScores(runRelevance(eng));
  const urls = new Set<string>();
  const everySet = [...relevanceSet, ...asCases(questionSet), ...heldOutSets().flatMap((set) => asCases(set.questions))];
  for (const c of everySet) for (const r of eng.search(c.query).slice(0, 20)) urls.add(r.record.url);
  const server = await serveBuild(buildDir);
  try {
    const heldOut = await heldOutFigures(eng, new Site(server.base), urls);
    let heldOutWithout: HeldOutFigures[] | undefined;
    if (without) {
      const other = createEngine(records, without);
      // search_docs reads the index the site publishes: here the same records, ranked by the other engine.
      const site = new Site(server.base, undefined, new Map([[INDEX_PATH, { engine: other, records }]]));
      heldOutWithout = await heldOutFigures(other, site, new Set());
    }
    const sections = [...urls].filter((u) => u.includes('#'));
    return { keywords, heldOut, heldOutWithout, links: sections.length, refused: sections.filter((u) => !readable(buildDir, records, u)) };
  } finally {
    server.stop();
  }
}
