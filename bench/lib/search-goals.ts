/**
 * The search figures as the benchmark prints them: each row with its goal and
 * met or missed, from the typing runs of
 * bench/lib/search-probe.ts (medians, min–max), the built index's size, the
 * engine's load and query times in Node, and the relevance set
 * (relevance/keyword-set.ts): hit@1, hit@3, MRR.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createEngine } from '../../src/search/engine';
import { SEARCH_INDEX_FILE, type SearchIndexFile } from '../../src/search/records';
import { readableExamples, relevanceSet } from '../../relevance/keyword-set';
import { modalPages, relevanceScores, runRelevance } from '../../relevance/score';
import { SCENARIOS, type TypingRun } from './search-probe';
import { median, table } from './weigh';
import { searchFigures, type SearchFigures } from '../../relevance/figures';

/**
 * Issue 32's figures before its change, measured once on `integ` (e298ba9, the engine before questions were ranked in
 * it) over the same build. The bytes at idle are measured by the full `npm run bench` (its page weights).
 */
const BEFORE = {
  keywords: { hit3: 1, mrr: 0.96 },
  refused: '28 of 524',
  idleKb: 107,
};

/**
 * Each held-out set's totals before its round's changes, measured once (in the modal's order, then through
 * search_docs): round 3's at 2267860, before round 3's tuning (a history rewrite removed it: its ranking is round 2's
 * merge, 4ba87f4); round 4's at 91a2e8d (the ranking of 2f0dff1), before issue 42's changes; round 5's at 95aa2a5,
 * before the readers' words from WordNet; round 6's at 4eb8cd5; round 8's at 9bb03c9 (round 7 was withdrawn:
 * bench/HISTORY.md); round 9's at a5f7507; round 10's at a4665c5; round 12's at bd4f8c2 (round 11 was withdrawn);
 * round 13's at 7ae8e4b; round 14's at d41f51d; round 15's at 56bb563; round 16's at 0a8d75a; round 17's at 85c69e4;
 * round 18's at a70236e; round 19's at a7df6c4; round 20's at 6d22bc1; round 21's at e62886b; round 22's at 667f8ea;
 * round 23's at 5ff46dd; round 24's at 1601702; round 25's at 896d2c0; round 26's at 31598e1;
 * round 27's at 08e51f0; round 28's at 384b23e; round 29's at dfe2606.
 * A set added later gets its row here, measured before any change of its round.
 */
const HELD_OUT_BEFORE: Record<number, { modal: Pair; mcp: Pair }> = {
  3: { modal: { hit3: 0.55, mrr: 0.43 }, mcp: { hit3: 0.7, mrr: 0.456 } },
  4: { modal: { hit3: 0.7, mrr: 0.625 }, mcp: { hit3: 0.7, mrr: 0.642 } },
  5: { modal: { hit3: 0.567, mrr: 0.545 }, mcp: { hit3: 0.567, mrr: 0.532 } },
  6: { modal: { hit3: 0.533, mrr: 0.538 }, mcp: { hit3: 0.567, mrr: 0.555 } },
  8: { modal: { hit3: 0.7, mrr: 0.64 }, mcp: { hit3: 0.667, mrr: 0.634 } },
  9: { modal: { hit3: 0.6, mrr: 0.593 }, mcp: { hit3: 0.767, mrr: 0.626 } },
  10: { modal: { hit3: 0.467, mrr: 0.472 }, mcp: { hit3: 0.633, mrr: 0.537 } },
  12: { modal: { hit3: 0.621, mrr: 0.589 }, mcp: { hit3: 0.655, mrr: 0.593 } },
  13: { modal: { hit3: 0.633, mrr: 0.595 }, mcp: { hit3: 0.7, mrr: 0.612 } },
  14: { modal: { hit3: 0.552, mrr: 0.514 }, mcp: { hit3: 0.552, mrr: 0.502 } },
  15: { modal: { hit3: 0.591, mrr: 0.595 }, mcp: { hit3: 0.591, mrr: 0.593 } },
  16: { modal: { hit3: 0.5, mrr: 0.478 }, mcp: { hit3: 0.5, mrr: 0.499 } },
  17: { modal: { hit3: 0.692, mrr: 0.482 }, mcp: { hit3: 0.692, mrr: 0.494 } },
  18: { modal: { hit3: 0.545, mrr: 0.509 }, mcp: { hit3: 0.545, mrr: 0.495 } },
  19: { modal: { hit3: 0.75, mrr: 0.644 }, mcp: { hit3: 0.75, mrr: 0.639 } },
  20: { modal: { hit3: 0.816, mrr: 0.64 }, mcp: { hit3: 0.816, mrr: 0.643 } },
  21: { modal: { hit3: 0.765, mrr: 0.645 }, mcp: { hit3: 0.765, mrr: 0.656 } },
  22: { modal: { hit3: 0.647, mrr: 0.478 }, mcp: { hit3: 0.647, mrr: 0.481 } },
  23: { modal: { hit3: 0.459, mrr: 0.433 }, mcp: { hit3: 0.459, mrr: 0.437 } },
  24: { modal: { hit3: 0.625, mrr: 0.513 }, mcp: { hit3: 0.625, mrr: 0.525 } },
  25: { modal: { hit3: 0.65, mrr: 0.57 }, mcp: { hit3: 0.65, mrr: 0.575 } },
  26: { modal: { hit3: 0.692, mrr: 0.496 }, mcp: { hit3: 0.692, mrr: 0.481 } },
  27: { modal: { hit3: 0.609, mrr: 0.556 }, mcp: { hit3: 0.609, mrr: 0.552 } },
  28: { modal: { hit3: 0.778, mrr: 0.583 }, mcp: { hit3: 0.778, mrr: 0.595 } },
  29: { modal: { hit3: 0.889, mrr: 0.69 }, mcp: { hit3: 0.889, mrr: 0.674 } },
};

/** Issue 42's first search (bench/lib/search-probe.ts, `firstSearchRun`), as its rows name it. */
const FIRST_SEARCH = 'first search: the last key of "refund" to the first hit (a typist that waits for each key)';

/** Issue 42's goal for questions nobody tuned on, in the modal's order and through search_docs. */
const HELD_OUT_GOAL = { hit3: 0.8, mrr: 0.65 };

type Pair = { hit3: number; mrr: number };

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** What the guide page fetches for search at idle on a first visit, gzip (bench/lib/weigh.ts): worker and engine code, index. */
export type IdleBytes = { code: number; index: number };

/** The typing runs of this sitting beside `now`'s: an earlier build's (BENCH_BEFORE_DIR), and the floor (bench/lib/typing-floor.ts). */
type Sitting = { before?: Map<string, TypingRun[]>; floor?: number[] };

/**
 * Issue 32's "search at 4× CPU from Ctrl+K (issue 20's rows): stay met", before and now in one sitting: each
 * of issue 20's rows at 4×, and issue 42's first search, is met at its goal; above it, kept when no worse than the
 * build before on the same machine, in the same sitting (its row of the table above stays MISSED).
 */
function speedRows(before: Map<string, TypingRun[]>, now: Map<string, TypingRun[]>): string[][] {
  const figures = [
    ['worst interaction while typing', 'worstInteractionMs', 200, ms],
    ['longest task, Ctrl+K to the first hit', 'longestTaskMs', 200, ms],
    ['the six keys in the field', 'keysLandMs', 1000, s],
    ['Ctrl+K to the first hit', 'firstHitMs', 1200, s],
    [FIRST_SEARCH, 'firstSearchMs', 400, ms],
  ] as const;
  return SCENARIOS.filter((sc) => sc.throttle === 4).flatMap((sc) =>
    figures.flatMap(([figure, key, goal, fmt]) => {
      if (key === 'firstSearchMs' && !sc.firstSearch) return [];
      const [b, n] = [spread(before.get(sc.label) ?? [], key, fmt), spread(now.get(sc.label) ?? [], key, fmt)];
      const result = n.median <= goal ? 'met' : n.median <= b.median ? 'kept: no worse than before' : 'MISSED';
      return [
        [`search from Ctrl+K, ${sc.label}: ${figure} (this sitting)`, b.text, n.text, `≤ ${fmt(goal)}, or no worse than before`, result],
      ];
    }),
  );
}

/** The goals table: each figure before, now, its goal and whether it is met; the held-out sets by their totals only. */
function issueTable(f: SearchFigures, idle?: IdleBytes, speed: string[][] = []): string {
  const pair = (p: Pair) => `${pct(p.hit3)} / ${p.mrr.toFixed(3)}`;
  const goal = `≥ ${pct(HELD_OUT_GOAL.hit3)} / ≥ ${HELD_OUT_GOAL.mrr}`;
  const meets = (p: Pair) => (p.hit3 >= HELD_OUT_GOAL.hit3 && p.mrr >= HELD_OUT_GOAL.mrr ? 'met' : 'MISSED');
  const heldOutRows = f.heldOut.flatMap((set) => {
    const before = HELD_OUT_BEFORE[set.round];
    const without = f.heldOutWithout?.find((w) => w.round === set.round);
    const name = `round ${set.round}'s held-out questions (${set.modal.n}, written ${set.written}, never tuned on)`;
    return [
      [`${name}, search box: hit@3 / MRR`, before ? pair(before.modal) : '—', pair(set.modal), goal, meets(set.modal)],
      [`the same through search_docs: hit@3 / MRR`, before ? pair(before.mcp) : '—', pair(set.mcp), goal, meets(set.mcp)],
      ...(without
        ? [
            [`the same without the readers' words (src/search/glossary.ts), search box`, '', pair(without.modal), 'report', 'report'],
            [`the same without them, search_docs`, '', pair(without.mcp), 'report', 'report'],
          ]
        : []),
    ];
  });
  return table(
    ['figure', 'before', 'now', 'goal', 'result'],
    [
      [
        `keyword queries (${f.keywords.n}, developers' set): hit@3 / MRR`,
        pair(BEFORE.keywords),
        pair(f.keywords),
        'hit@3 100%',
        f.keywords.hit3 === 1 ? 'met' : 'MISSED',
      ],
      ...heldOutRows,
      [
        'section links from search (every set) that read_page refuses',
        BEFORE.refused,
        `${f.refused.length} of ${f.links}`,
        '0',
        f.refused.length === 0 ? 'met' : 'MISSED',
      ],
      ...(idle
        ? [
            [
              'search bytes fetched at idle on a first visit, gzip (worker and engine code, index)',
              `${BEFORE.idleKb} KB`,
              `${((idle.code + idle.index) / 1024).toFixed(1)} KB (code ${(idle.code / 1024).toFixed(1)} KB, index ${(idle.index / 1024).toFixed(1)} KB)`,
              '≤ 150 KB',
              idle.code + idle.index <= 150 * 1024 ? 'met' : 'MISSED',
            ],
          ]
        : []),
      ...speed,
    ],
  );
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'never');
const s = (n: number) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : 'never');

function spread(runs: TypingRun[], key: keyof Omit<TypingRun, 'value'>, fmt: (n: number) => string): { median: number; text: string } {
  const values = runs.map((r) => r[key]).filter((v): v is number => v !== undefined);
  const m = median(values);
  return { median: m, text: `${fmt(m)} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})` };
}

function nodeFigures(buildDir: string) {
  const raw = fs.readFileSync(path.join(buildDir, SEARCH_INDEX_FILE));
  const t0 = performance.now();
  const index = JSON.parse(raw.toString('utf8')) as SearchIndexFile;
  const engine = createEngine(index.records);
  const loadMs = performance.now() - t0;
  const queries = [...relevanceSet.map((c) => c.query), 'payout', 'charge', 'invoice', 'webhook', 'a', 'status'];
  for (const q of queries) engine.search(q); // warm up
  const times: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const q of queries) {
      const start = performance.now();
      engine.search(q);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return {
    engine,
    records: index.records.length,
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    loadMs,
    p50: times[Math.floor(times.length / 2)],
    p95: times[Math.floor(times.length * 0.95)],
  };
}

export async function searchGoalRows(
  runs: Map<string, TypingRun[]>,
  buildDir: string,
  idle?: IdleBytes,
  sitting: Sitting = {},
): Promise<string> {
  const [fresh4, open4, fresh1] = SCENARIOS.map((sc) => runs.get(sc.label) ?? []);
  const rows: string[][] = [];
  const row = (figure: string, measured: string, goal: string, ok: boolean | undefined) =>
    rows.push([figure, measured, goal, ok === undefined ? 'report' : ok ? 'met' : 'MISSED']);

  const worstFresh = spread(fresh4, 'worstInteractionMs', ms);
  const worstOpen = spread(open4, 'worstInteractionMs', ms);
  row(
    'CPU 4×: worst interaction latency while typing (keydown to next paint), fresh page',
    worstFresh.text,
    '≤ 200 ms',
    worstFresh.median <= 200,
  );
  row('CPU 4×: the same, on a page open for 5 s', worstOpen.text, '≤ 200 ms', worstOpen.median <= 200);
  if (sitting.floor?.length) {
    const floor = sitting.floor;
    row(
      "CPU 4×: the floor, this machine's and browser's: the same typist on a bare page (one input over an overlay, no script)",
      `${ms(median(floor))} (${ms(Math.min(...floor))}–${ms(Math.max(...floor))})`,
      'report',
      undefined,
    );
  }
  for (const [label, list] of [
    ['fresh page', fresh4],
    ['page open for 5 s', open4],
  ] as const) {
    const task = spread(list, 'longestTaskMs', ms);
    row(`CPU 4×: longest main-thread task between Ctrl+K and the first hit, ${label}`, task.text, '≤ 200 ms', task.median <= 200);
  }
  for (const [label, list] of [
    ['fresh page', fresh4],
    ['page open for 5 s', open4],
  ] as const) {
    const keys = spread(list, 'keysLandMs', s);
    row(
      `CPU 4×: time for the six keys to appear in the field (0.72 s if nothing blocks), ${label}`,
      keys.text,
      '≤ 1.0 s',
      keys.median <= 1000,
    );
  }
  for (const [label, list] of [
    ['fresh page', fresh4],
    ['page open for 5 s', open4],
  ] as const) {
    const hit = spread(list, 'firstHitMs', s);
    row(`CPU 4×: Ctrl+K to the first hit on screen, ${label}`, hit.text, '≤ 1.2 s', hit.median <= 1200);
  }
  const first = spread(fresh4, 'firstSearchMs', ms);
  row(`CPU 4×: ${FIRST_SEARCH}, fresh page`, first.text, '≤ 400 ms', first.median <= 400);
  const keys1 = spread(fresh1, 'keysLandMs', s);
  row('CPU 1×: keys land (0.72 s if nothing blocks), fresh page', keys1.text, '≤ 0.8 s', keys1.median <= 800);
  const task1 = spread(fresh1, 'longestTaskMs', ms);
  row('CPU 1×: longest main-thread task between Ctrl+K and the first hit, fresh page', task1.text, '≤ 100 ms', task1.median <= 100);
  const worst1 = spread(fresh1, 'worstInteractionMs', ms);
  row('CPU 1×: worst interaction latency while typing, fresh page', worst1.text, 'report', undefined);
  const all = [...runs.values()].flat();
  const kept = all.filter((r) => r.value === 'refund').length;
  row('every key kept (the field reads "refund")', `${kept}/${all.length} runs`, 'all', kept === all.length);

  const node = nodeFigures(buildDir);
  row(
    'index size, raw / gzip -9',
    `${(node.raw / 1024).toFixed(0)} KB / ${(node.gzip / 1024).toFixed(0)} KB (${node.records} records)`,
    '≤ 150 KB gzip',
    node.gzip <= 150 * 1024,
  );
  row('engine ready from the index file (Node, parse + load)', ms(node.loadMs), 'report', undefined);
  row(
    'query median / p95 (Node)',
    `${node.p50.toFixed(2)} ms / ${node.p95.toFixed(2)} ms`,
    '≤ 5 ms / ≤ 20 ms',
    node.p50 <= 5 && node.p95 <= 20,
  );
  const scores = relevanceScores(runRelevance(node.engine));
  row(`relevance set (${scores.n} questions): hit@3`, pct(scores.hit3), '≥ 90%', scores.hit3 >= 0.9);
  row('relevance set: hit@1', pct(scores.hit1), 'report', undefined);
  row('relevance set: MRR (first 10 pages)', scores.mrr.toFixed(3), 'report', undefined);
  for (const ex of readableExamples) {
    const rank = modalPages(node.engine, ex.query).indexOf(ex.page) + 1;
    row(`"${ex.query}": ${ex.page} is hit`, rank ? String(rank) : 'not listed', '1–3', rank >= 1 && rank <= 3);
  }
  const figures = await searchFigures(buildDir, node.engine, { readerWords: [] });
  const speed = sitting.before ? speedRows(sitting.before, runs) : [];
  return [table(['figure', 'measured', 'goal', 'result'], rows), '', issueTable(figures, idle, speed)].join('\n');
}
