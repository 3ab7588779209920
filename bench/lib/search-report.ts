/**
 * bench/SEARCH.md (`npm run bench:search`): the search rows over one build, typed into on `path`, with
 * the bytes a first visit fetches for search at idle, and the typist's floor on a bare page
 * (bench/lib/typing-floor.ts); when `beforeBuild` is given (an earlier commit's), its typing runs
 * too, interleaved with the build's in the same sitting, as issue 32's "before" of the speed rows.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { brand } from '../../src/brand';
import { docusaurusServe } from '../../harness/servers';
import { searchGoalRows } from './search-goals';
import { probeSearchTyping, probeSearchTypingPair } from './search-probe';
import { probeTypingFloor } from './typing-floor';
import { weighPage } from './weigh';

export async function searchReport(
  launch: () => Promise<Browser>,
  build: string,
  beforeBuild: string | undefined,
  page: string,
  runs: number,
): Promise<string> {
  const server = await docusaurusServe(build, brand.homeRoute);
  const beforeServer = beforeBuild ? await docusaurusServe(path.resolve(beforeBuild), brand.homeRoute) : undefined;
  try {
    const { before, now } = beforeServer
      ? await probeSearchTypingPair(launch, { before: beforeServer.base, now: server.base }, page, runs)
      : { before: undefined, now: await probeSearchTyping(launch, server.base, page, runs) };
    const floor = await probeTypingFloor(launch, runs);
    // Issue 32's row of bytes at idle: one first visit of the page, weighed as the full benchmark weighs it.
    const browser = await launch();
    const weight = await weighPage(browser, server.base, page);
    await browser.close();
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
    return [
      '# Search benchmark',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average at the end ${load}; ${page}, "refund" typed at 120 ms a key from Ctrl+K; median of ${runs} runs per scenario (min–max).`,
      '',
      `${beforeBuild ? `Before: the build in ${beforeBuild}, typed into in the same sitting, runs interleaved. ` : ''}The floor: bench/lib/typing-floor.ts.`,
      '',
      await searchGoalRows(now, build, { code: weight.searchIdleJsGzip, index: weight.searchIndexGzip }, { before, floor }),
      '',
    ].join('\n');
  } finally {
    server.stop();
    beforeServer?.stop();
  }
}
