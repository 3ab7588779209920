/**
 * The folder nginx serves, made from a build: the build's files (hard links where the file system
 * allows, copies elsewhere) and, beside each compressible one, its gzip form (`x.js.gz`), compressed
 * once here at the highest level so that nginx sends it as it is (`gzip_static on`) instead of
 * compressing on every request.
 *
 * Why a folder of its own and not the build itself: the build is what CDN hosts publish (Cloudflare
 * Pages, Netlify), and they upload every file of it. A `.gz` file there would be a URL of its own
 * (`/assets/js/main.js.gz`, served as a file, not as an encoding), and neither host documents a file
 * that keeps files out of the upload (`.assetsignore` is for Workers' static assets). Those hosts
 * compress on their own, so build/ stays free of `.gz` files and only nginx's folder gets them.
 * The CDN files (`_headers`, `_redirects`) are not copied: nginx has its rules in its configuration;
 * nor is Cloudflare Pages' worker of the MCP endpoint (`_worker.js`, `_routes.json`: mcp/build.ts).
 * Debian's nginx has no brotli module (`nginx -V`), so only gzip forms are written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { filesUnder } from '../src/built/pages';

/** Extensions of the files worth compressing: text. Images other than SVG, fonts (woff2) and archives are compressed already. */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|map|svg|xml|txt|md|yaml|yml|webmanifest|ico)$/i;

/** Smaller files gain nothing worth a second file (nginx's own gzip_min_length is the same). */
const MIN_BYTES = 256;

/** The build's files that are for CDN hosts only: their rules, and Cloudflare Pages' worker (the MCP endpoint). */
const CDN_FILES = new Set(['_headers', '_redirects', '_worker.js', '_routes.json']);

/** The file that marks a folder as one this module made, so that it may be emptied and made again. */
const MARKER = '.nginx-root';

const gzip = promisify(zlib.gzip);

/** Makes `root` from `build` (emptying a folder this module made before) and returns how many files it holds and how many got a `.gz`. */
export async function prepareNginxRoot(build: string, root: string): Promise<{ files: number; compressed: number }> {
  build = path.resolve(build);
  root = path.resolve(root);
  if (!fs.existsSync(path.join(build, 'index.html'))) throw new Error(`${build} is not a build (no index.html): run npm run build first`);
  if (root === build || root.startsWith(build + path.sep) || build.startsWith(root + path.sep)) {
    throw new Error(
      `the nginx folder (${root}) must be outside the build (${build}) and not hold it: the build stays as CDN hosts publish it`,
    );
  }
  if (fs.existsSync(root)) {
    if (fs.readdirSync(root).length > 0 && !fs.existsSync(path.join(root, MARKER))) {
      throw new Error(`${root} holds files this command did not write: choose an empty or new folder`);
    }
    fs.rmSync(root, { recursive: true, force: true });
  }
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, MARKER), `Made from ${build} by deploy/precompress.ts; emptied and made again on each run.\n`);

  // Every file of the build by its path in it, but the CDN's own files at its root; their folders made here.
  const files = filesUnder(build)
    .map((file) => path.relative(build, file))
    .filter((name) => !(path.dirname(name) === '.' && CDN_FILES.has(name)));
  for (const folder of new Set(files.map((name) => path.dirname(name)))) fs.mkdirSync(path.join(root, folder), { recursive: true });

  let compressed = 0;
  const queue = [...files];
  const worker = async () => {
    for (let rel = queue.shift(); rel !== undefined; rel = queue.shift()) {
      const from = path.join(build, rel);
      const to = path.join(root, rel);
      try {
        fs.linkSync(from, to);
      } catch {
        fs.copyFileSync(from, to);
      }
      if (!COMPRESSIBLE.test(rel)) continue;
      const data = fs.readFileSync(from);
      if (data.length < MIN_BYTES) continue;
      const gz = await gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION });
      if (gz.length >= data.length) continue;
      fs.writeFileSync(`${to}.gz`, gz);
      compressed += 1;
    }
  };
  // zlib runs on libuv's thread pool: a few at once use the cores.
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files: files.length, compressed };
}
