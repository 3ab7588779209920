/**
 * Issue 32's figures over a build: the keyword set (tools/search-relevance-set.ts's relevanceSet) and the
 * question set (questionSet) through the engine, in the modal's order, and through the MCP server's
 * search_docs (mcp/search.ts, against the build served on a free port); round 2's questions
 * (round2Questions, held out until round 3, now part of questionSet) and round 3's held-out questions
 * (heldOutRound3, never tuned on) the same two ways; and the section links that search gives for the sets which read_page
 * would refuse (mcp/sections.ts, over the build's Markdown twins).
 * Shared by `npm run bench:search` (scripts/lib/search-goals.ts) and the unit tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine, type Engine } from '../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile, type SearchRecord } from '../src/search/records';
import { twinPath } from '../src/markdown/paths';
import { searchDocs } from '../mcp/search';
import { sectionFor } from '../mcp/sections';
import { Site } from '../mcp/site';
import { serveBuild } from './servers';
import { relevanceSet, type RelevanceCase } from './search-relevance-set';
import { heldOutRound3, questionSet, round2Questions, type QuestionCase } from './search-question-set';
import { relevanceScores, runRelevance, type Outcome } from './search-relevance';

type Scores = ReturnType<typeof relevanceScores>;

export type SearchFigures = {
  keywords: Scores;
  questions: Scores;
  questionsMcp: Scores;
  /** Round 3's held-out questions (heldOutRound3, never tuned on) through the engine and through search_docs. */
  heldOut: Scores;
  heldOutMcp: Scores;
  /** Round 2's questions (held out in round 2, tuned on since round 3) the same two ways. */
  round2: Scores;
  round2Mcp: Scores;
  heldOutOutcomes: Outcome[];
  heldOutMcpOutcomes: Outcome[];
  /** The question set's outcomes through the engine and through search_docs. */
  questionOutcomes: Outcome[];
  mcpOutcomes: Outcome[];
  /** Distinct section links (with an anchor) that search gave for every set, and those read_page refuses. */
  links: number;
  refused: string[];
};

const asCases = (set: QuestionCase[] = questionSet): RelevanceCase[] =>
  set.map((q) => ({ query: q.query, pages: q.pages, kind: 'concept' }));

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

/** Every figure, over the build in `buildDir`; search_docs against the build served on a free port. */
export async function searchFigures(buildDir: string, engine?: Engine): Promise<SearchFigures> {
  const records = loadRecords(buildDir);
  const eng = engine ?? createEngine(records);
  const keywords = relevanceScores(runRelevance(eng));
  const questionOutcomes = runRelevance(eng, asCases());
  const heldOutOutcomes = runRelevance(eng, asCases(heldOutRound3));
  const urls = new Set<string>();
  for (const c of [...relevanceSet, ...asCases(), ...asCases(heldOutRound3)])
    for (const r of eng.search(c.query).slice(0, 20)) urls.add(r.record.url);
  const server = await serveBuild(buildDir);
  const mcpOutcomes: Outcome[] = [];
  const heldOutMcpOutcomes: Outcome[] = [];
  try {
    const site = new Site(server.base);
    const viaMcp = async (cases: RelevanceCase[], into: Outcome[]) => {
      for (const c of cases) {
        const hits = await searchDocs(site, c.query, undefined, 8);
        const pages = hits.map((h) => new URL(h.url).pathname);
        for (const h of hits) urls.add(new URL(h.url).pathname + new URL(h.url).hash);
        into.push({ case: c, pages, rank: pages.findIndex((p) => c.pages.includes(p)) + 1 });
      }
    };
    await viaMcp(asCases(), mcpOutcomes);
    await viaMcp(asCases(heldOutRound3), heldOutMcpOutcomes);
  } finally {
    server.stop();
  }
  const sections = [...urls].filter((u) => u.includes('#'));
  return {
    keywords,
    questions: relevanceScores(questionOutcomes),
    questionsMcp: relevanceScores(mcpOutcomes),
    heldOut: relevanceScores(heldOutOutcomes),
    heldOutMcp: relevanceScores(heldOutMcpOutcomes),
    // Round 2's questions are the last of questionSet: their outcomes are the last of the set's.
    round2: relevanceScores(questionOutcomes.slice(-round2Questions.length)),
    round2Mcp: relevanceScores(mcpOutcomes.slice(-round2Questions.length)),
    questionOutcomes,
    mcpOutcomes,
    heldOutOutcomes,
    heldOutMcpOutcomes,
    links: sections.length,
    refused: sections.filter((u) => !readable(buildDir, records, u)),
  };
}
