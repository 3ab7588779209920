/**
 * One Lighthouse run (mobile preset, Debian chromium) of a URL, through bench/lib/lighthouse-run.mjs in a
 * process of its own, and the medians of several. Used by bench/bench.ts.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../harness/chromium';
import { median, ROOT } from './weigh';

export type Lh = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
};

export function lighthouseOnce(url: string): Lh {
  const result = spawnSync('node', [path.join(ROOT, 'bench/lib/lighthouse-run.mjs'), url, CHROMIUM_PATH, ...CHROMIUM_ARGS], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`lighthouse failed for ${url}`);
  return JSON.parse(result.stdout) as Lh;
}

/** The median of one figure over runs. */
export const medianOf = (runs: Lh[], key: Exclude<keyof Lh, 'failing'>): number => median(runs.map((r) => r[key]));
