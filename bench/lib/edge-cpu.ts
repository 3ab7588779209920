/**
 * The CPU time of the MCP endpoint at the edge (build/_worker.js) per request, for bench/bench-mcp.ts,
 * which runs this file in processes of their own:
 *
 *   node --single-threaded --import tsx bench/lib/edge-cpu.ts BUILD_DIR first TOOL
 *   node --single-threaded --import tsx bench/lib/edge-cpu.ts BUILD_DIR warm
 *
 * The bound if V8's background work counted against a request (the goals are judged under workerd itself,
 * bench/lib/edge-workerd.ts): Node runs the same bundle (V8, as an isolate does) with `--single-threaded`, so
 * garbage collection and compilation run on the thread that answers, and process.cpuUsage() is that thread's
 * time. The deployment's files come from the build folder by the build's own file <-> route rule, read before
 * the clock starts.
 *
 * tsx turns on Node's source maps, which workerd has not: Node would then read the maps of the stack's files whenever
 * the bundle makes an error (the SDK's transport makes one as it closes), and count that as the worker's. They are
 * turned off before the bundle loads.
 *
 * `first TOOL`: the isolate's start (the bundle's top level, which loads the document and the search
 * engine) and that tool's call as the isolate's first. `warm`: every tool over many inputs, after the
 * first round. Prints one JSON line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileOfRoute } from '../../src/built/pages';
import { callsOfRound, inputs, toolCall, type Call } from './edge-inputs';

type Handle = (request: Request, env: { ASSETS: { fetch(request: Request): Promise<Response> } }) => Promise<Response>;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The deployment's static files, as Pages' ASSETS binding gives them (read now: no disk time in a request). */
function assetsOf(buildDir: string) {
  const files = new Map<string, Buffer | null>();
  const read = (pathname: string) => {
    if (!files.has(pathname)) {
      const file = fileOfRoute(buildDir, pathname);
      files.set(pathname, file ? fs.readFileSync(file) : null);
    }
    return files.get(pathname) ?? null;
  };
  return {
    read,
    async fetch(request: Request) {
      const body = read(decodeURIComponent(new URL(request.url).pathname));
      return body
        ? new Response(new Uint8Array(body), { headers: { etag: `"${body.length}"` } })
        : new Response('Not found', { status: 404 });
    },
  };
}

/** One tools/call through the worker's fetch handler, and the CPU it took (ms); throws on an error answer. */
async function timedCall(handle: Handle, assets: ReturnType<typeof assetsOf>, [name, args]: Call): Promise<number> {
  const request = new Request('https://docs.example/mcp', toolCall(name, args));
  const started = cpuMs();
  const answer = await handle(request, { ASSETS: assets });
  const text = await answer.text();
  const spent = cpuMs() - started;
  if (answer.status !== 200 || /"isError":true/.test(text)) throw new Error(`${name} ${JSON.stringify(args)}: ${text.slice(0, 300)}`);
  return spent;
}

async function main(buildDir: string, mode: string, tool?: string): Promise<unknown> {
  process.setSourceMapsEnabled(false);
  const assets = assetsOf(buildDir);
  for (const file of ['/llms.txt', '/unknowns.json', '/search-index.json', '/v2.0.json']) assets.read(file);
  const worker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'edge-cpu-')), 'worker.mjs');
  fs.copyFileSync(path.join(buildDir, '_worker.js'), worker);
  const all = inputs(buildDir);
  for (const args of Object.values(all).flat()) if (typeof args.page === 'string') assets.read(`${args.page.split('#')[0]}.md`);
  // Node's fetch API is JavaScript (undici), workerd's is native: Node's is run once before the clock starts.
  for (let i = 0; i < 50; i++) {
    const request = new Request('https://warm.invalid/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    await new Response(await request.text(), { headers: { 'content-type': 'application/json' } }).json();
    crypto.randomUUID();
  }
  const started = cpuMs();
  const { default: module } = (await import(pathToFileURL(worker).href)) as { default: { fetch: Handle } };
  const startup = cpuMs() - started;
  if (mode === 'first') {
    if (!tool || !all[tool]) throw new Error(`no tool ${tool}`);
    return { startup, tool, first: await timedCall(module.fetch, assets, [tool, all[tool][0]]) };
  }
  // One round of every input first (the isolate's start and its first calls are the other mode's), then three.
  const rows: Record<string, number[]> = {};
  for (const round of [0, 1, 2, 3])
    for (const call of callsOfRound(all)) {
      const ms = await timedCall(module.fetch, assets, call);
      if (round > 0) (rows[call[0]] ??= []).push(ms);
    }
  return { startup, warm: rows };
}

const [buildDir, mode, tool] = process.argv.slice(2);
main(path.resolve(buildDir), mode, tool)
  .then((result) => console.log(JSON.stringify(result)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
