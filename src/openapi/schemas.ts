/**
 * Checking values against the schemas of an OpenAPI 3.1 document with Ajv (Draft 2020-12, as OpenAPI 3.1 uses):
 * `documentAjv` is the project's one Ajv set-up over a document, and `schemaValidator` checks values with it. The
 * local sandbox names the fields at fault with it (src/openapi/violations.ts); the tests check the document's
 * examples (tests/unit/openapi-document-answers.test.ts) and the sandbox's answers (tests/openapi.ts) with it;
 * validate_request's compiled plan (src/openapi/requestSchemas.ts) is made with it too.
 *
 * Two engines read requests, on purpose: Prism gives the local sandbox its answers (the documented examples and
 * errors, as the API's mock), and Ajv decides validate_request, which must also run at the edge, where Prism cannot
 * (it compiles with `new Function`). tests/unit/request-check.test.ts holds Ajv's verdicts and fields at fault equal
 * to Prism's on every documented example and every violation the sandbox's tests send. Not part of the site's bundles.
 */
import Ajv2020, { type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { DocumentNode } from './document';

/** `#/components/...` refs as `openapi.json#/components/...`: the id the components are registered under. */
export function rewriteRefs(node: DocumentNode): DocumentNode {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries<DocumentNode>(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `openapi.json${value}` : rewriteRefs(value),
      ]),
    );
  }
  return node;
}

export interface SchemaValidator {
  /** The compiled check of a schema node of the document (compiled once per node). */
  compile(schema: DocumentNode): ValidateFunction;
  /** The errors of a value against a schema node, as one line, or null when it is valid. */
  errorsText(schema: DocumentNode, value: unknown): string | null;
}

/**
 * The project's Ajv over a document: its components registered as `openapi.json`, every error with the schema it
 * broke (`verbose`, for the rule a violation names), formats (OpenAPI's `binary` is any string). `coerce`: values
 * as text become numbers and booleans, as query and path parameters are; `code`: Ajv's options for standalone code.
 */
export function documentAjv(doc: DocumentNode, coerce = false, code?: Options['code']): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, coerceTypes: coerce, ...(code ? { code } : {}) });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi.json', components: rewriteRefs(doc.components) });
  return ajv;
}

export function schemaValidator(doc: DocumentNode): SchemaValidator {
  const ajv = documentAjv(doc);
  const compiled = new WeakMap<object, ValidateFunction>();
  const compile = (schema: DocumentNode): ValidateFunction => {
    if (!schema || typeof schema !== 'object') return ajv.compile(schema);
    let check = compiled.get(schema);
    if (!check) compiled.set(schema, (check = ajv.compile(rewriteRefs(schema))));
    return check;
  };
  return {
    compile,
    errorsText(schema, value) {
      const check = compile(schema);
      return check(value) ? null : ajv.errorsText(check.errors, { separator: '; ' });
    },
  };
}
