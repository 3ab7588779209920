/**
 * Webpack loader for @docsearch/react 4.7's dist/esm/DocSearchModal.js, the one
 * file of the package the build bundles with Zod in it (through
 * `@docsearch/react/modal`; see src/plugins/no-eval-probe.ts).
 *
 * DocSearch bundles Zod 4, whose `allowsEval` check runs `new Function("")` the
 * first time a schema parses, to decide whether to compile validators. Under the
 * site's Content-Security-Policy (no 'unsafe-eval') the check fails safely, but
 * the browser reports a CSP violation each time. This loader makes the check
 * answer "no eval" without trying: Zod takes the path it takes under the CSP anyway.
 * Upstream: https://github.com/colinhacks/zod/issues/4461 (the caught probe is
 * still reported). https://github.com/colinhacks/zod/pull/5864 lets
 * `z.config({ jitless: true })` skip the probe, but DocSearch's bundled Zod keeps
 * its config private, so the site cannot set it.
 *
 * Guarded on the probe itself: the build fails if the file holds no probe (an
 * upgrade changed or removed it), so the fix is reviewed, not silently dropped.
 */
const PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

function noEvalProbe(source) {
  if (!source.includes(PROBE)) {
    throw new Error(
      `no-eval-probe-loader: Zod's eval probe not found in ${this.resourcePath}; review src/plugins/no-eval-probe.ts for this @docsearch/react version`,
    );
  }
  return source.split(PROBE).join('return!1');
}

module.exports = noEvalProbe;
