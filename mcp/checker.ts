/**
 * validate_request's checker over one parsed document, with one engine
 * (src/openapi/requestCheck.ts): Ajv's validators, which decide as the local
 * sandbox's Prism decides and name each field at fault as the sandbox does
 * (src/openapi/violations.ts). Where the validators come from is the caller's:
 * compiled ahead of time at build, or now (mcp/validate.ts, in Node); only the
 * ones compiled at build at the edge (mcp/edge.ts), where workerd allows no
 * `eval` or `new Function`. This module compiles nothing.
 */
import { operations, type JsonObject, type OperationEntry } from '../src/openapi/documentTree';
import { requestChecker as checkerOf, type RequestChecker, type Validate } from '../src/openapi/requestCheck';
import type { Violation } from '../src/openapi/violations';
import type { FoundOperation } from './openapi';

export type Query = Record<string, string | string[]>;

type Verdict = { valid: boolean; violations: Violation[] };

export type Checker = (found: FoundOperation, body: unknown, query: Query) => Promise<Verdict>;

/** The validators of a document's calls, by the plan's ids (src/openapi/requestCheck.ts). */
export type ValidatorsFor = (doc: JsonObject, entries: OperationEntry[]) => Record<string, Validate>;

/** The checker of each parsed document (made once per document, its validators on the first call). */
export function checkerFor(validatorsFor: ValidatorsFor): (doc: JsonObject) => Checker {
  const checkers = new WeakMap<JsonObject, Checker>();
  return (doc) => {
    let checker = checkers.get(doc);
    if (!checker) {
      const entries = operations(doc).filter((e) => !e.webhook);
      let check: RequestChecker | undefined;
      checker = async ({ entry, path }, body, query) => {
        check ??= checkerOf(doc, entries, validatorsFor(doc, entries));
        return check(entry, path, body, query);
      };
      checkers.set(doc, checker);
    }
    return checker;
  };
}
