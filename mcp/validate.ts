/**
 * validate_request: checks a request against the OpenAPI document the site
 * publishes, without sending it, with one engine (src/openapi/requestCheck.ts):
 * Ajv's validators, compiled ahead of time from the same document at
 * `npm run mcp:build` (mcp/generated/requestValidators.js, bundled into
 * dist/server.js), which decide as the local sandbox's Prism decides and name
 * each field at fault as the sandbox does (src/openapi/violations.ts).
 * tests/unit/request-check.test.ts runs both on the same requests.
 *
 * When the site publishes another document than the one the package was built
 * from (or a clone runs the sources before a build), the same plan is compiled
 * now with Ajv: the verdicts stay the same engine's.
 */
import { operations, type JsonObject } from '../src/openapi/document';
import { documentFingerprint, requestChecker as checkerOf, type RequestChecker, type Validate } from '../src/openapi/requestCheck';
import { compileRequestSchemas } from '../src/openapi/requestSchemas';
import type { Violation } from '../src/openapi/violations';
import type { FoundOperation } from './openapi';

export type Query = Record<string, string | string[]>;

type Verdict = { valid: boolean; violations: Violation[] };

type Checker = (found: FoundOperation, body: unknown, query: Query) => Promise<Verdict>;

type Generated = { fingerprint: string; validators: Record<string, Validate> };

/** The validators compiled at build, if this is a build (a clone's sources run without them). */
function generated(): Generated | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module that exists after `npm run mcp:build` only: esbuild bundles it, tsx may not find it
    return require('./generated/requestValidators.js') as Generated;
  } catch {
    return undefined;
  }
}

const checkers = new WeakMap<JsonObject, Checker>();

/** The checker of one parsed document (made once per document). */
export function requestChecker(doc: JsonObject): Checker {
  let checker = checkers.get(doc);
  if (!checker) checkers.set(doc, (checker = createChecker(doc)));
  return checker;
}

function createChecker(doc: JsonObject): Checker {
  const entries = operations(doc).filter((e) => !e.webhook);
  const built = generated();
  let check: RequestChecker | undefined;
  return async ({ entry, path }, body, query) => {
    check ??= checkerOf(
      doc,
      entries,
      built && built.fingerprint === documentFingerprint(doc) ? built.validators : compileRequestSchemas(doc, entries),
    );
    return check(entry, path, body, query);
  };
}
