/**
 * Names the fields at fault in a request that Prism (the local sandbox's engine)
 * found invalid: the one violation finder of the project. The local sandbox
 * (local-sandbox/server.ts) puts its answer in the `errors` of a 422; the MCP
 * server's `validate_request` (mcp/validate.ts) returns it to the assistant.
 *
 * Body errors come from the schema validator (Ajv, Draft 2020-12, as OpenAPI
 * 3.1: src/openapi/schemas.ts, or its validators compiled ahead of time) run on the `oneOf` variant the body means (its
 * discriminator, else the variant it misses least), so a fixed-price charge
 * without `fiat_price` names `fiat_price` only. The other diagnostics (query,
 * path, headers) are Prism's own. Each violation also carries the document's
 * rule that it breaks. Node only: not part of the site's bundles.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { isObject, resolveRef, type DocumentNode, type OperationEntry } from './documentTree';

/** A rule of the document: the schema keyword and its value (`{enum: [...]}`), or the parameter (`{in: 'query', ...}`). */
type Rule = Record<string, unknown>;

/** One field at fault: the shape of an item of the documented validation error's `errors`, plus the rule broken. */
export type Violation = { message: string; target: string; rule?: Rule };

/** A diagnostic of Prism (IPrismDiagnostic): where (`['body', 'fiat_price']`, `['query', 'limit']`) and what. */
export type Diagnostic = { path?: Array<string | number>; code?: string | number; message: string; severity?: number };

/** Ajv's message, with the allowed values where it leaves them out. */
function messageOf(error: ErrorObject): string {
  const params = error.params as { allowedValues?: unknown[]; allowedValue?: unknown };
  if (error.keyword === 'enum' && params.allowedValues) return `${error.message}: ${params.allowedValues.join(', ')}`;
  if (error.keyword === 'const') return `${error.message}: ${String(params.allowedValue)}`;
  return error.message ?? error.keyword;
}

/** `payouts/0/network` from an Ajv instance path, plus the missing property of a `required` error. */
function targetOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String((error.params as { missingProperty: string }).missingProperty));
  return parts.join('.') || 'body';
}

/** The document's rule behind an Ajv error: the keyword and its value, and the description of the field at fault. */
function ruleOf(error: ErrorObject): Rule {
  const parent = error.parentSchema as DocumentNode;
  const field = error.keyword === 'required' ? parent?.properties?.[(error.params as { missingProperty: string }).missingProperty] : parent;
  const description = typeof field?.description === 'string' ? field.description.trim() : undefined;
  return { [error.keyword]: error.schema, ...(description ? { description } : {}) };
}

/** Where the finder gets the check of a schema node: Ajv compiling now (src/openapi/schemas.ts) or compiled ahead (src/openapi/requestCheck.ts). */
export interface SchemaChecks {
  compile(schema: DocumentNode): ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };
}

export function violationFinder(doc: DocumentNode, { compile }: SchemaChecks) {
  const deref = (node: DocumentNode): DocumentNode => resolveRef(doc, node);
  const errorsOf = (schema: DocumentNode, value: unknown): ErrorObject[] => {
    const check = compile(schema);
    if (check(value)) return [];
    const errors = check.errors ?? [];
    // The summary of a composition ("must match a schema in anyOf") names no field when others do.
    const specific = errors.filter((e) => !['oneOf', 'anyOf', 'allOf', 'if'].includes(e.keyword));
    return specific.length > 0 ? specific : errors;
  };

  /** The errors of the body against the variant it means: the discriminator's, else the one it misses least. */
  const bodyErrors = (schemaNode: DocumentNode, body: unknown): ErrorObject[] => {
    const schema = deref(schemaNode);
    if (!Array.isArray(schema?.oneOf)) return errorsOf(schemaNode, body);
    const discriminator = schema.discriminator;
    const value =
      discriminator && body && typeof body === 'object' ? (body as Record<string, unknown>)[discriminator.propertyName] : undefined;
    const mapped = typeof value === 'string' ? discriminator.mapping?.[value] : undefined;
    const chosen = mapped ? schema.oneOf.find((variant: DocumentNode) => variant.$ref === mapped) : undefined;
    if (chosen) return errorsOf(chosen, body);
    const byVariant = schema.oneOf.map((variant: DocumentNode) => errorsOf(variant, body));
    const best = byVariant.reduce((a: ErrorObject[], b: ErrorObject[]) => (b.length < a.length ? b : a));
    // Valid against more than one variant: the oneOf itself is what fails.
    return best.length > 0 ? best : errorsOf(schemaNode, body);
  };

  /** The parameter a diagnostic names (`['query', 'limit']`, or `['query']` and a missing name), as the document writes it, for its rule. */
  const parameterRule = (parameters: DocumentNode[], path: Diagnostic['path'], missing: string | undefined): Rule | undefined => {
    const [where, name = missing] = path ?? [];
    if (where === 'body' || name === undefined) return undefined;
    const found = parameters.find((p: DocumentNode) => p?.in === where && p?.name === name);
    if (!isObject(found)) return undefined;
    const { in: location, required, schema, description } = found;
    return { in: location, required: required === true, schema: deref(schema), ...(description ? { description } : {}) };
  };

  /**
   * The violations of a request to an operation of this document (as operations() lists it: its
   * parameters are the path item's and its own), given Prism's diagnostics of the request.
   */
  return ({ operation, parameters }: OperationEntry, body: unknown, diagnostics: Diagnostic[]): Violation[] => {
    const found: Violation[] = [];
    const add = (v: Violation) => {
      if (!found.some((f) => f.target === v.target && f.message === v.message)) found.push(v);
    };
    const jsonSchema = deref(operation.requestBody)?.content?.['application/json']?.schema;
    const bodyDiagnostics = diagnostics.filter((d) => d.path?.[0] === 'body');
    if (bodyDiagnostics.length > 0 && jsonSchema && body !== null && typeof body === 'object') {
      for (const error of bodyErrors(jsonSchema, body)) add({ message: messageOf(error), target: targetOf(error), rule: ruleOf(error) });
    }
    for (const diagnostic of diagnostics) {
      if (diagnostic.path?.[0] === 'body' && found.length > 0) continue;
      const missing = /required property '([^']+)'/.exec(diagnostic.message)?.[1];
      const target =
        [...(diagnostic.path ?? []).slice(1), ...(missing ? [missing] : [])].join('.') ||
        String(diagnostic.path?.[0] ?? (/\bbody\b/i.test(diagnostic.message) ? 'body' : 'request'));
      const rule = parameterRule(parameters, diagnostic.path, missing);
      add({ message: diagnostic.message, target, ...(rule ? { rule } : {}) });
    }
    return found;
  };
}
