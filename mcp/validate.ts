/**
 * validate_request: checks a request against the OpenAPI document the site
 * publishes with the local sandbox's validator, without sending it. As in the
 * sandbox (sandbox/server.ts), Stoplight Prism's engine
 * (src/openapi/prism.ts, set up as for the sandbox less the credentials check)
 * decides whether the request is valid, and the project's violation finder
 * (src/openapi/violations.ts) names each field at fault with the document's rule.
 * Prism loads on the first check: the other tools never wait for it.
 */
import type { IHttpRequest } from '@stoplight/prism-http';
import type { JsonObject } from '../src/openapi/document';
import { prismEngine, refusalDiagnostics, type PrismEngine, type PrismRefusal } from '../src/openapi/prism';
import { violationFinder, type Diagnostic, type Violation } from '../src/openapi/violations';
import type { FoundOperation } from './openapi';

export type Query = Record<string, string | string[]>;

type Verdict = { valid: boolean; violations: Violation[] };

type Checker = (found: FoundOperation, body: unknown, query: Query) => Promise<Verdict>;

const checkers = new WeakMap<JsonObject, Checker>();

/** The checker of one parsed document (made once per document). */
export function requestChecker(doc: JsonObject): Checker {
  let checker = checkers.get(doc);
  if (!checker) checkers.set(doc, (checker = createChecker(doc)));
  return checker;
}

function createChecker(doc: JsonObject): Checker {
  const explain = violationFinder(doc);
  let engine: Promise<PrismEngine> | undefined;
  // A failed load is not kept: the next check tries again.
  const load = () =>
    (engine ??= prismEngine(doc, { checkSecurity: false, name: 'mcp' }).catch((error: unknown) => {
      engine = undefined;
      throw error;
    }));

  return async ({ entry, path }, body, query) => {
    const { operations, prism } = await load();
    const resource = operations.find((r) => r.method === entry.method && r.path === entry.path);
    if (!resource) throw new Error(`${entry.operationId} is not a call the sandbox's validator knows (a webhook?)`);
    const result = await prism.request(
      {
        method: entry.method as IHttpRequest['method'],
        url: { path, query },
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body,
      },
      [resource],
    )();
    let diagnostics: Diagnostic[];
    if (result._tag === 'Left') {
      const refused = refusalDiagnostics(result.left as PrismRefusal);
      if (!refused) throw new Error(`The validator could not check the request: ${(result.left as Error).message}`);
      diagnostics = refused;
    } else {
      diagnostics = result.right.validations.input;
    }
    const violations = explain(entry, body, diagnostics);
    return { valid: violations.length === 0, violations };
  };
}
