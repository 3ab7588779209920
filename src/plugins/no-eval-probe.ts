/**
 * Keeps the Zod bundled in @docsearch/react 4.7 from probing eval, in both
 * search modes: under the site's CSP (no 'unsafe-eval') the probe is blocked and
 * reported as a violation each time the search modal loads. The fix and its
 * upstream links are in no-eval-probe-loader.cjs.
 *
 * A loader and not a patch-package patch: the file is one minified line of
 * 450 KB, so a patch would carry that line twice and could not be reviewed.
 *
 * The loader runs on the one file of the package the build bundles with Zod in
 * it (dist/esm/DocSearchModal.js, which `@docsearch/react/modal` resolves to) and
 * fails the build when that file has no probe. After the build, the JavaScript
 * of the site is checked for any eval probe left (a renamed or new file of the
 * package, another library): the build fails if one is found.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { filesUnder } from '../built/pages';

/** dist/esm/DocSearchModal.js of @docsearch/react. */
export const PATCHED_FILE = /[\\/]node_modules[\\/]@docsearch[\\/]react[\\/]dist[\\/]esm[\\/]DocSearchModal\.js$/;

/** An eval probe as a minifier may leave it: `new Function("")`, `Function('')`. */
export const EVAL_PROBE = /\bFunction\(\s*(?:""|'')\s*\)/;

/** The JavaScript files under `dir` that still hold an eval probe, relative to `dir`. */
async function filesWithEvalProbe(dir: string): Promise<string[]> {
  const scripts = filesUnder(dir, (name) => name.endsWith('.js'));
  const probed = await Promise.all(scripts.map(async (file) => EVAL_PROBE.test(await fs.readFile(file, 'utf8'))));
  return scripts.filter((_, i) => probed[i]).map((file) => path.relative(dir, file));
}

export default function noEvalProbePlugin(): Plugin<void> {
  return {
    name: 'no-eval-probe',
    configureWebpack() {
      return {
        module: { rules: [{ test: PATCHED_FILE, use: [path.resolve(__dirname, 'no-eval-probe-loader.cjs')] }] },
      };
    },
    async postBuild({ outDir }) {
      const left = await filesWithEvalProbe(path.join(outDir, 'assets', 'js'));
      if (left.length > 0) {
        throw new Error(
          `no-eval-probe: an eval probe is left in ${left.join(', ')}; the CSP would report it (see src/plugins/no-eval-probe.ts)`,
        );
      }
    },
  };
}
