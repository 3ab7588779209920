/**
 * The CPU of the endpoint at the edge per request under workerd itself: Cloudflare's runtime, V8 as Cloudflare sets
 * it up, with its background threads, run alone over the build (harness/workerd.ts). Not through `wrangler pages dev`:
 * Miniflare's entry worker in front of ours and the inspector that wrangler runs with share the thread that answers
 * there, and a GET that the worker refuses before any tool cost 1.7 ms at the median, with 15 of 3,306 over 10 ms
 * (bench/HISTORY.md).
 *
 * workerd reports no CPU time on a local run, so the thread's own clock is read from Linux
 * (/proc/PID/task/TID/schedstat: nanoseconds on a CPU), before and after each call, the calls made one at a time.
 * The process's main thread runs the worker and answers the request: its time is the figure, with the garbage
 * collection and compilation that V8 does there, and workerd's own work for the request. V8's background threads
 * (concurrent compilation and collection) are summed apart: Cloudflare's documents, as far as they were read, do not
 * say whether they count against a request. The floor is the same clock around a GET that the worker refuses (405)
 * before any tool runs: what workerd and the measure cost alone.
 */
import fs from 'node:fs';
import { startWorkerd } from '../../harness/workerd';
import { callsOfRound, inputs, toolCall } from './edge-inputs';

/** A thread's CPU time so far, in ms. */
const threadMs = (pid: number, tid: number | string) =>
  Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** One tools/call to the endpoint at `origin`; throws on an error answer. */
const callOf = (origin: string) => async (name: string, args: Record<string, unknown>) => {
  const answer = await fetch(`${origin}/mcp`, toolCall(name, args));
  const text = await answer.text();
  if (answer.status !== 200 || /"isError":true/.test(text)) throw new Error(`${name} ${JSON.stringify(args)}: ${text.slice(0, 300)}`);
};

/** What the process's threads but its main one spent so far, in ms. */
const backgroundMs = (pid: number) =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .filter((tid) => tid !== String(pid))
    .reduce((sum, tid) => sum + threadMs(pid, tid), 0);

export type WorkerdCpu = {
  /** Each tool's calls, warm: the CPU of the thread that answered, ms. */
  warm: Record<string, number[]>;
  /** The floor: a GET refused before any tool, as many as the tool calls, after them, ms. */
  floor: number[];
  /** What V8's background threads spent over the warm calls, ms, and over how many calls. */
  background: { ms: number; calls: number };
};

/**
 * One round of warm-up, then three measured rounds of every tool's inputs (bench/lib/edge-inputs.ts), then as many
 * of the floor's GETs, under workerd.
 */
export async function workerdCpu(buildDir: string): Promise<WorkerdCpu> {
  const all = inputs(buildDir);
  const workerd = await startWorkerd(buildDir);
  try {
    const { origin, pid } = workerd;
    const call = callOf(origin);
    const refused = async () => {
      const answer = await fetch(`${origin}/mcp`);
      await answer.arrayBuffer();
      if (answer.status !== 405) throw new Error(`GET /mcp answered ${answer.status}, not 405`);
    };
    /** The main thread's CPU over one request, ms. */
    const timed = async (request: () => Promise<void>) => {
      const before = threadMs(pid, pid);
      await request();
      return threadMs(pid, pid) - before;
    };
    for (const [name, args] of callsOfRound(all)) await call(name, args);
    const warm: Record<string, number[]> = {};
    let background = 0;
    let calls = 0;
    for (let round = 0; round < 3; round++)
      for (const [name, args] of callsOfRound(all)) {
        const before = backgroundMs(pid);
        (warm[name] ??= []).push(await timed(() => call(name, args)));
        background += backgroundMs(pid) - before;
        calls++;
      }
    const floor: number[] = [];
    while (floor.length < calls) floor.push(await timed(refused));
    return { warm, floor, background: { ms: background, calls } };
  } finally {
    await workerd.stop();
  }
}

/**
 * Each tool as an isolate's first call, under a workerd of its own: the main thread's CPU over that call, and over
 * workerd's start until it answered (its own start, the bundle's compilation and top level, and the GETs that asked
 * whether it answered: a bound on the isolate's start).
 */
export async function workerdFirstCalls(buildDir: string, tools: string[]): Promise<Array<{ first: number; start: number }>> {
  const all = inputs(buildDir);
  const out = [];
  for (const tool of tools) {
    const workerd = await startWorkerd(buildDir);
    try {
      const start = threadMs(workerd.pid, workerd.pid);
      await callOf(workerd.origin)(tool, all[tool][0]);
      out.push({ first: threadMs(workerd.pid, workerd.pid) - start, start });
    } finally {
      await workerd.stop();
    }
  }
  return out;
}
