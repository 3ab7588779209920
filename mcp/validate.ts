/**
 * validate_request's validators in Node (the package, `npm run mcp`): the ones
 * compiled ahead of time from the same document at `npm run mcp:build`
 * (mcp/dist/requestValidators.js, bundled into dist/server.js; no `eval`),
 * through the checker of mcp/checker.ts. tests/unit/request-check.test.ts runs
 * them and the sandbox on the same requests.
 *
 * When the site publishes another document than the one the package was built
 * from (or a clone runs the sources before a build), the same plan is compiled
 * now with Ajv: the verdicts stay the same engine's.
 */
import { documentFingerprint, type Validate } from '../src/openapi/requestCheck';
import { compileRequestSchemas } from '../src/openapi/requestSchemas';
import { checkerFor } from './checker';

type Generated = { fingerprint: string; validators: Record<string, Validate> };

/** The validators compiled at build, if this is a build (a clone's sources run without them). */
function generated(): Generated | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module that exists after `npm run mcp:build` only: esbuild bundles it, tsx may not find it
    return require('./dist/requestValidators.js') as Generated;
  } catch {
    return undefined;
  }
}

/** The checker of one parsed document: the validators built for it, else compiled now. */
export const requestChecker = checkerFor((doc, entries) => {
  const built = generated();
  return built && built.fingerprint === documentFingerprint(doc) ? built.validators : compileRequestSchemas(doc, entries);
});
