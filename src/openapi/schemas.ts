/**
 * Checking values against the schemas of an OpenAPI 3.1 document: the one
 * validator (Ajv, Draft 2020-12, as OpenAPI 3.1 uses) of the project. The local
 * sandbox and the MCP server name the fields at fault with it
 * (src/openapi/violations.ts); the
 * tests check the document's examples (tests/unit/openapi-document-answers.test.ts) and
 * the sandbox's answers (tests/openapi.ts) with it. Not part of the site's bundles.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
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

export function schemaValidator(doc: DocumentNode): SchemaValidator {
  // verbose: each error carries the schema it broke, for the rule a violation names (src/openapi/violations.ts).
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
  addFormats(ajv);
  // OpenAPI's file-upload format; any string is a valid value of it.
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi.json', components: rewriteRefs(doc.components) });
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
