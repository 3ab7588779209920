/**
 * The CPU of the endpoint at the edge per request under workerd itself: Cloudflare's runtime, which `wrangler pages
 * dev` runs over the build (harness/wrangler.ts), V8 as Cloudflare sets it up, with its background threads.
 *
 * workerd reports no CPU time on a local run, so each thread's own clock is read from Linux
 * (/proc/PID/task/TID/schedstat: nanoseconds on a CPU), before and after each call, the calls made one at a time.
 * wrangler runs two workerd processes, its proxy's and the worker's. The worker's is the one whose main thread spends
 * the most over a first round of every call. Its main thread runs the worker and answers the request; its time is
 * the figure. It holds the worker's JavaScript, and the garbage collection and compilation that V8 does there. It
 * also holds workerd's own work for the request, and the local ASSETS binding's, which Cloudflare serves apart, so it
 * counts more than the request's own work. V8's background threads in that process (concurrent compilation and
 * collection) are summed apart: Cloudflare's documents, as far as they were read, do not say whether they count
 * against a request.
 */
import fs from 'node:fs';
import { startWrangler } from '../../harness/wrangler';
import { callsOfRound, inputs, toolCall } from './edge-inputs';

/** The CPU time of each thread of the processes of a group, in ms: `pid/tid` to time. */
function threadTimes(pids: number[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const pid of pids)
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const ns = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      times.set(`${pid}/${tid}`, ns / 1e6);
    }
  return times;
}

/** The CPU time of a process's main thread, in ms (read around each call: one file). */
const mainThreadMs = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** The workerd processes of a process group (wrangler's). */
function workerdsOf(group: number): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: the comm may hold spaces, so the fields are read after its closing parenthesis.
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat) ?? [];
      if (comm === 'workerd' && Number(rest?.split(' ')[2]) === group) pids.push(Number(name));
    } catch {
      // A process that ended while it was read.
    }
  }
  if (pids.length === 0) throw new Error(`no workerd process in wrangler's group ${group}`);
  return pids;
}

export type WorkerdCpu = {
  /** Each tool's calls, warm: the CPU of the thread that answered, ms. */
  warm: Record<string, number[]>;
  /** What V8's background threads of the worker's process spent over the warm rounds, ms, and over how many calls. */
  background: { ms: number; calls: number };
};

/** One round of warm-up, then three measured rounds of every tool's inputs (bench/lib/edge-inputs.ts), under workerd. */
export async function workerdCpu(buildDir: string): Promise<WorkerdCpu> {
  const all = inputs(buildDir);
  const wrangler = await startWrangler(buildDir);
  try {
    const pids = workerdsOf(wrangler.group);
    const call = async (name: string, args: Record<string, unknown>) => {
      const answer = await wrangler.fetch(`${wrangler.origin}/mcp`, toolCall(name, args));
      const text = await answer.text();
      if (answer.status !== 200 || /"isError":true/.test(text)) throw new Error(`${name} ${JSON.stringify(args)}: ${text.slice(0, 300)}`);
    };
    const warmup = threadTimes(pids);
    for (const [name, args] of callsOfRound(all)) await call(name, args);
    const warmed = threadTimes(pids);
    const spent = (pid: number) => (warmed.get(`${pid}/${pid}`) ?? 0) - (warmup.get(`${pid}/${pid}`) ?? 0);
    const worker = pids.reduce((a, b) => (spent(b) > spent(a) ? b : a));
    // V8's background threads: every thread of the worker's process but its main one.
    const background = (times: Map<string, number>) =>
      [...times].filter(([key]) => key !== `${worker}/${worker}`).reduce((sum, [, ms]) => sum + ms, 0);
    const warm: Record<string, number[]> = {};
    const start = threadTimes([worker]);
    let calls = 0;
    for (let round = 0; round < 3; round++)
      for (const [name, args] of callsOfRound(all)) {
        const before = mainThreadMs(worker);
        await call(name, args);
        (warm[name] ??= []).push(mainThreadMs(worker) - before);
        calls++;
      }
    return { warm, background: { ms: background(threadTimes([worker])) - background(start), calls } };
  } finally {
    await wrangler.stop();
  }
}
