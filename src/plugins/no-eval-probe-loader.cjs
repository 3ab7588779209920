/**
 * Webpack loader for @docsearch/react 4.7's bundled files. They embed Zod, whose
 * `allowsEval` check runs `new Function("")` when the search modal loads, to
 * decide whether to compile validators. Under this site's Content-Security-Policy
 * (no 'unsafe-eval') the check fails safely, but the browser reports a CSP
 * violation each time. This loader makes the check answer "no eval" without
 * trying, so Zod takes its non-eval path and nothing is reported. It fails the
 * build if the check is not found, so an upgrade of @docsearch/react is noticed.
 */
const PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

module.exports = function noEvalProbe(source) {
  if (!source.includes('includes("Cloudflare")')) return source;
  if (!source.includes(PROBE)) {
    throw new Error(`no-eval-probe-loader: Zod's eval check not found in ${this.resourcePath}; review the loader for this @docsearch/react version`);
  }
  return source.split(PROBE).join('return!1');
};
