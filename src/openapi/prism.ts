/**
 * Stoplight Prism's engine (@stoplight/prism-http, the mock server without its
 * CLI) over the OpenAPI document, set up once: the local sandbox's engine
 * (local-sandbox/server.ts), and the judge that tests/unit/request-check.test.ts
 * holds validate_request's Ajv checker to. Prism routes a request, decides whether it is valid
 * and picks the documented example that answers it; the violation finder
 * (src/openapi/violations.ts) then names the fields at fault. Prism loads when
 * the first engine is made, so a module that imports this one never waits for
 * it before then. Node only.
 */
import type * as PrismHttp from '@stoplight/prism-http';
import type { JsonObject } from './document';
import type { Diagnostic } from './violations';

/** An operation of the document as Prism reads it. */
export type PrismOperation = Awaited<ReturnType<typeof PrismHttp.getHttpOperationsFromSpec>>[number];

export type PrismEngine = {
  /** Every call of the document, as Prism routes them. */
  operations: PrismOperation[];
  prism: ReturnType<typeof PrismHttp.createInstance>;
};

/**
 * Prism's engine over `doc`: answers with the documented examples, validates
 * requests, never proxies. `checkSecurity`: whether a call without the
 * credentials it needs is refused (the sandbox) or not (validate_request, which
 * checks a request that is never sent). `name` names Prism's logger, which
 * stays silent.
 */
export async function prismEngine(doc: JsonObject, { checkSecurity, name }: { checkSecurity: boolean; name: string }): Promise<PrismEngine> {
  const [{ createInstance, getHttpOperationsFromSpec }, { createLogger }] = await Promise.all([
    import('@stoplight/prism-http'),
    import('@stoplight/prism-core'),
  ]);
  // Prism dereferences the document in place: it gets a copy (every $ref of it is local: parseOpenapiDocument).
  const operations = await getHttpOperationsFromSpec(structuredClone(doc));
  const prism = createInstance(
    {
      mock: { dynamic: false },
      checkSecurity,
      validateRequest: true,
      validateResponse: false,
      errors: false,
      upstreamProxy: undefined,
      isProxy: false,
    },
    { logger: createLogger(name, { level: 'silent' }) },
  );
  return { operations, prism };
}

/** Prism's refusal of a request (its `Left`): an HTTP status, and for a 422 the violations it found. */
export type PrismRefusal = Error & {
  status?: number;
  additional?: { validation?: Array<{ location?: string[]; code?: string; message: string }> };
};

/**
 * The violations Prism carries in a 422 refusal (an operation that documents no 422: Prism found
 * violations all the same; their path is `location` there), as diagnostics; undefined for any other refusal.
 */
export function refusalDiagnostics(refusal: PrismRefusal): Diagnostic[] | undefined {
  if (refusal.status !== 422) return undefined;
  return (refusal.additional?.validation ?? []).map((v) => ({ path: v.location, code: v.code, message: v.message, severity: 0 }));
}
