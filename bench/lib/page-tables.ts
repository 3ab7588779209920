/**
 * The pages `npm run bench` measures (bench/bench.ts), and the tables of its report that read their weights and
 * Lighthouse scores: each page against the bare template's docs page measured in the same run (the floor).
 */
import path from 'node:path';
import { kb, table, type Weight } from './weigh';
import { medianOf, type Lh } from './lighthouse';

export type Target = { site: 'ours' | 'bare'; label: string; path: string; kind: 'docs' | 'api-overview' | 'api-operation' };
export const TARGETS: Target[] = [
  { site: 'bare', label: 'template docs page', path: '/docs/intro', kind: 'docs' },
  { site: 'ours', label: 'guide page', path: '/guides/charges/creating', kind: 'docs' },
  { site: 'ours', label: 'help-centre page', path: '/help-center/withdrawal/fiat', kind: 'docs' },
  { site: 'ours', label: 'API overview', path: '/api', kind: 'api-overview' },
  { site: 'ours', label: 'operation page', path: '/api/create-charge', kind: 'api-operation' },
];

/** Lighthouse through nginx: each page's median scores, and its performance and TBT against the template's. */
export function nginxTable(targets: Target[], runs: Map<Target, Lh[]>): string {
  const floor = runs.get(targets[0]) ?? [];
  const rows = targets.map((t) => {
    const r = runs.get(t) ?? [];
    const perf = medianOf(r, 'performance') - medianOf(floor, 'performance');
    return [
      `${t.label} (${t.path})`,
      String(medianOf(r, 'performance')),
      String(Math.round(medianOf(r, 'lcp'))),
      String(Math.round(medianOf(r, 'tbt'))),
      medianOf(r, 'cls').toFixed(3),
      t === targets[0]
        ? 'floor'
        : `perf ${perf >= 0 ? '+' : ''}${perf} pts, TBT ${Math.round(medianOf(r, 'tbt') - medianOf(floor, 'tbt'))} ms`,
    ];
  });
  return table(['page', 'perf', 'LCP ms', 'TBT ms', 'CLS', 'vs template through nginx'], rows);
}

export const FLOOR = TARGETS[0];
export const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');
/** A row of a goals table: the figure, the template's, this site's, the goal and whether it is met. */
export const goal = (figure: string, template: string, ours: string, target: string, ok: boolean | undefined) => [
  figure,
  template,
  ours,
  target,
  ok === undefined ? 'n/a' : ok ? 'met' : 'MISSED',
];

/** The median of a Lighthouse figure of a page, through `docusaurus serve`. */
export type Median = (t: Target, key: Exclude<keyof Lh, 'failing'>) => number;

/** Each page's weight and Lighthouse scores, against the template's. */
export function pageRows(weights: Map<Target, Weight>, med: Median): string[][] {
  const floorW = weights.get(FLOOR) as Weight;
  return TARGETS.map((t) => {
    const w = weights.get(t) as Weight;
    return [
      `${t.label} (${t.path})`,
      String(w.requests),
      `${kb(w.jsRaw)} / ${kb(w.jsGzip)}`,
      `${kb(w.cssRaw)} / ${kb(w.cssGzip)}`,
      String(med(t, 'performance')),
      String(med(t, 'accessibility')),
      String(med(t, 'bestPractices')),
      String(med(t, 'seo')),
      `${Math.round(med(t, 'lcp'))}`,
      `${Math.round(med(t, 'tbt'))}`,
      med(t, 'cls').toFixed(3),
      t === FLOOR
        ? 'floor'
        : `JS ${ratio(w.jsGzip, floorW.jsGzip)}, TBT ${ratio(med(t, 'tbt'), med(FLOOR, 'tbt'))}, perf ${med(t, 'performance') - med(FLOOR, 'performance')} pts`,
    ];
  });
}

/** The budgets, as ratios to the template measured in this run. */
export function budgetRows(weights: Map<Target, Weight>, med: Median): string[][] {
  const floorW = weights.get(FLOOR) as Weight;
  const checks: string[][] = [];
  const check = (what: string, ok: boolean, detail: string) => checks.push([what, ok ? 'met' : 'MISSED', detail]);
  for (const t of TARGETS.filter((x) => x.kind === 'docs' && x.site === 'ours')) {
    const w = weights.get(t) as Weight;
    check(
      `${t.label}: first-load JS ≤ 1.15× template`,
      w.jsGzip <= 1.15 * floorW.jsGzip,
      `${kb(w.jsGzip)} KB vs ${kb(floorW.jsGzip)} KB gzip (${ratio(w.jsGzip, floorW.jsGzip)})`,
    );
    // Search code (engine or modal) counts here only when loaded before the load event (at idle it is weighed apart).
    const lazy = w.assets.filter((a) => /\/(api-explorer|api-markdown)[.~]/.test(a.url) || a.search);
    check(
      `${t.label}: no search or explorer code on first load`,
      lazy.length === 0,
      lazy.map((a) => path.basename(a.url)).join(', ') || 'none',
    );
  }
  for (const t of TARGETS.filter((x) => x.site === 'ours')) {
    for (const key of ['accessibility', 'bestPractices', 'seo'] as const) {
      check(`${t.label}: ${key} = 100`, med(t, key) === 100, String(med(t, key)));
    }
  }
  // The API pages' budget (tests/e2e/api-reference.spec.ts checks what they load, this how much).
  for (const t of TARGETS.filter((x) => x.site === 'ours' && x.kind !== 'docs')) {
    const w = weights.get(t) as Weight;
    check(`${t.label}: first-load JS ≤ 500 KB gzip`, w.jsGzip <= 500 * 1024, `${kb(w.jsGzip)} KB`);
  }
  return checks;
}

/**
 * The hydration goals of a page: its TBT as a ratio to the template's, its performance score against the
 * template's, and CLS; measured in this run.
 */
export function pageGoals(med: Median, t: Target, tbtRatio: number, perfMargin: number, cls: boolean): string[][] {
  const tbt = med(t, 'tbt');
  const perf = med(t, 'performance');
  const rows = [
    goal(
      `${t.label} (${t.path}): TBT, Lighthouse mobile`,
      `${Math.round(med(FLOOR, 'tbt'))} ms`,
      `${Math.round(tbt)} ms (${ratio(tbt, med(FLOOR, 'tbt'))})`,
      `≤ ${tbtRatio}×`,
      tbt <= tbtRatio * med(FLOOR, 'tbt') + 1,
    ),
    goal(
      `${t.label}: performance`,
      String(med(FLOOR, 'performance')),
      `${perf} (${perf - med(FLOOR, 'performance') >= 0 ? '+' : ''}${perf - med(FLOOR, 'performance')})`,
      `≥ template − ${perfMargin}`,
      perf >= med(FLOOR, 'performance') - perfMargin,
    ),
  ];
  // Lighthouse reports CLS to 3 decimals: "0" is below 0.0005.
  if (cls) rows.push(goal(`${t.label}: CLS`, med(FLOOR, 'cls').toFixed(3), med(t, 'cls').toFixed(3), '0', med(t, 'cls') < 0.0005));
  return rows;
}

/** Earlier goals, kept as a watch on the rest of the page weight, and the build's time. */
export function earlierGoalRows(weights: Map<Target, Weight>, buildMs: number, bareBuildMs: number): string[][] {
  const floorW = weights.get(FLOOR) as Weight;
  const g = weights.get(TARGETS[1]) as Weight;
  const built = !Number.isNaN(buildMs);
  return [
    goal(
      'cold build (clear, gen-api + build)',
      '—',
      built ? `${(buildMs / 1000).toFixed(0)} s (template ${(bareBuildMs / 1000).toFixed(0)} s)` : 'skipped',
      '≤ 50 s',
      built ? buildMs <= 50_000 : undefined,
    ),
    goal('guide page CSS, gzip', `${kb(floorW.cssGzip)} KB`, `${kb(g.cssGzip)} KB`, '≤ 20 KB', g.cssGzip <= 20 * 1024),
    goal('guide page main.js, gzip', `${kb(floorW.mainJsGzip)} KB`, `${kb(g.mainJsGzip)} KB`, '≤ 157 KB', g.mainJsGzip <= 157 * 1024),
    goal(
      'guide page: longest task at idle (after load and hydration, CPU as is)',
      `${Math.round(floorW.idleLongestTaskMs)} ms`,
      `${Math.round(g.idleLongestTaskMs)} ms`,
      '< 50 ms (no long task)',
      g.idleLongestTaskMs < 50,
    ),
    goal('guide page DOM elements', String(floorW.domNodes), `${g.domNodes} (${ratio(g.domNodes, floorW.domNodes)})`, 'report', undefined),
  ];
}
