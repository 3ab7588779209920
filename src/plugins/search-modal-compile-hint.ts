/**
 * Both search modes: the browser compiles the search modal's code off the main
 * thread, as it streams in.
 *
 * DocSearch's modal (`@docsearch/react` 4.7, dist/esm/DocSearchModal.js, about
 * 450 KB with the Ask AI code the package bundles) loads on the reader's first
 * sign of intent (src/theme/SearchBar), so it arrives while the reader types.
 * V8 compiles a function on the main thread when it is first called, and webpack
 * wraps each module in a function: the whole modal was compiled there, in the
 * task that ran it, and the keys typed meanwhile waited. The comment
 * `//# allFunctionsCalledOnLoad` at the very top of a script (V8's explicit
 * compile hints, Chrome 136 and later; other browsers read a comment) has V8
 * compile every function of the file on a background thread while the file
 * streams in. Measured with `npm run bench:search` (handbook/search.md).
 *
 * Only the modal's chunk gets the hint: on a chunk every page loads, it would
 * compile code that never runs. The modal's chunk has such code too (the Ask AI
 * code DocSearch bundles, which the site does not configure): V8 now compiles it
 * as well, in the background, at some cost in memory; at 4× CPU on 2 cores the
 * main thread's task still fell by half (handbook/search.md). The build fails when no chunk holds the modal
 * (the package renamed its file) or when the chunk holding it is one a page
 * loads first (the modal would no longer be loaded lazily).
 */
import type { Plugin } from '@docusaurus/types';
import type { Compiler } from 'webpack';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** dist/esm/DocSearchModal.js of @docsearch/react, which `@docsearch/react/modal` resolves to. */
const MODAL_FILE = /[\\/]node_modules[\\/]@docsearch[\\/]react[\\/]dist[\\/]esm[\\/]DocSearchModal\.js$/;

/** What the plugin needs to know of a webpack chunk. */
export type ChunkFacts = { files: string[]; initial: boolean; modules: string[] };

/** The script files to hint: those of the chunks that hold the modal, which must all load lazily. */
export function filesToHint(chunks: ChunkFacts[]): string[] {
  const holding = chunks.filter((chunk) => chunk.modules.some((name) => MODAL_FILE.test(name)));
  if (holding.length === 0) {
    throw new Error(
      'search-modal-compile-hint: no chunk holds @docsearch/react/dist/esm/DocSearchModal.js; review src/plugins/search-modal-compile-hint.ts for this DocSearch version',
    );
  }
  const initial = holding.filter((chunk) => chunk.initial);
  if (initial.length > 0) {
    throw new Error(
      `search-modal-compile-hint: DocSearch's modal is in a chunk pages load first (${initial.flatMap((c) => c.files).join(', ')}); the hint would compile it on every page`,
    );
  }
  return holding.flatMap((chunk) => chunk.files.filter((file) => file.endsWith('.js')));
}

const NAME = 'search-modal-compile-hint';

export default function searchModalCompileHintPlugin(): Plugin<void> {
  return {
    name: NAME,
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      const hint = {
        apply(compiler: Compiler) {
          const { Compilation, sources } = compiler.webpack;
          compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
            // After minifying (which drops comments), before the content hashes are computed.
            compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
              const chunks = [...compilation.chunks].map((chunk) => ({
                files: [...chunk.files],
                initial: chunk.canBeInitial(),
                modules: compilation.chunkGraph.getChunkModules(chunk).map((module) => module.nameForCondition() ?? ''),
              }));
              for (const file of filesToHint(chunks)) {
                compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
              }
            });
          });
        },
      };
      return { plugins: [hint] };
    },
  };
}
