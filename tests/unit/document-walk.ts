/**
 * The OpenAPI document as the document tests walk it (openapi-document.test.ts,
 * openapi-document-answers.test.ts): its operations through the product's one
 * reader (src/openapi/document.ts), its component schemas, and every example it
 * holds with the schema it must be valid against (src/openapi/schemas.ts).
 */
import assert from 'node:assert/strict';
import { openapiDocument, operations, resolveRef, type DocumentNode } from '../../src/openapi/document';
import { schemaValidator } from '../../src/openapi/schemas';

export const doc: DocumentNode = openapiDocument();

export interface Operation {
  readonly where: string;
  readonly path: string;
  readonly method: string;
  readonly op: DocumentNode;
  /** Path-level parameters followed by the operation's own. */
  readonly parameters: DocumentNode[];
  readonly webhook: boolean;
}

/** Follows a local `$ref` ("#/components/...") until a node without `$ref`. */
export const deref = (node: DocumentNode): DocumentNode => resolveRef(doc, node);

/** The document's operations as its one reader walks them (src/openapi/document.ts). */
function listOperations(): Operation[] {
  return operations(doc).map((entry) => ({
    where: `${entry.webhook ? 'webhook' : 'path'} ${entry.method.toUpperCase()} ${entry.path}`,
    path: entry.path,
    method: entry.method,
    op: entry.operation,
    parameters: entry.parameters,
    webhook: entry.webhook,
  }));
}

export const documentOperations = listOperations();
export const pathOperations = documentOperations.filter((o) => !o.webhook);

export function findOperation(method: string, path: string): Operation | undefined {
  return pathOperations.find((o) => o.method === method && o.path === path);
}

export function schemaNamed(name: string): DocumentNode {
  const schema = doc.components?.schemas?.[name];
  assert.ok(schema, `component schema ${name} is missing`);
  return schema;
}

/** True when a response body schema is the `{success: boolean, data}` envelope. */
export function isEnvelope(schemaNode: DocumentNode): boolean {
  const schema = deref(schemaNode);
  return (
    schema?.type === 'object' &&
    deref(schema.properties?.success)?.type === 'boolean' &&
    schema.properties?.data !== undefined &&
    Array.isArray(schema.required) &&
    schema.required.includes('success') &&
    schema.required.includes('data')
  );
}

// ---------------------------------------------------------------- validation

const validator = schemaValidator(doc);

/** Validates a value against a schema of the document; returns the error text, or null when valid. */
export const validate = (schema: DocumentNode, value: unknown): string | null => validator.errorsText(schema, value);

interface Example {
  readonly where: string;
  readonly schema: DocumentNode;
  readonly value: unknown;
}

function mediaTypeExamples(where: string, mediaType: DocumentNode): Example[] {
  const found: Example[] = [];
  if (!mediaType?.schema) return found;
  if (mediaType.example !== undefined) found.push({ where: `${where} example`, schema: mediaType.schema, value: mediaType.example });
  for (const [name, example] of Object.entries<DocumentNode>(mediaType.examples ?? {})) {
    found.push({ where: `${where} examples.${name}`, schema: mediaType.schema, value: deref(example).value });
  }
  return found;
}

function parameterExamples(where: string, parameter: DocumentNode): Example[] {
  const found: Example[] = [];
  if (parameter.example !== undefined)
    found.push({ where: `${where} param ${parameter.name}`, schema: parameter.schema, value: parameter.example });
  for (const [name, example] of Object.entries<DocumentNode>(parameter.examples ?? {})) {
    found.push({ where: `${where} param ${parameter.name} examples.${name}`, schema: parameter.schema, value: deref(example).value });
  }
  return found;
}

/** Every schema-level `examples` array inside a schema tree. */
function schemaExamples(where: string, schema: DocumentNode): Example[] {
  const found: Example[] = [];
  const walk = (node: DocumentNode, at: string) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, `${at}/${index}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node.examples)) {
      node.examples.forEach((value: unknown, index: number) => found.push({ where: `${at} examples[${index}]`, schema: node, value }));
    }
    for (const [key, child] of Object.entries<DocumentNode>(node)) {
      if (key === 'examples' || key === 'example' || key === 'x-enumDescriptions') continue;
      if (key === 'properties' && child && typeof child === 'object') {
        for (const [property, subschema] of Object.entries<DocumentNode>(child)) walk(subschema, `${at}/properties/${property}`);
      } else {
        walk(child, `${at}/${key}`);
      }
    }
  };
  walk(schema, where);
  return found;
}

export function collectExamples(): Example[] {
  const found: Example[] = [];
  for (const operation of documentOperations) {
    for (const parameter of operation.parameters) found.push(...parameterExamples(operation.where, parameter));
    const body = deref(operation.op.requestBody);
    for (const [type, mediaType] of Object.entries<DocumentNode>(body?.content ?? {})) {
      found.push(...mediaTypeExamples(`${operation.where} request ${type}`, mediaType));
    }
    for (const [status, responseNode] of Object.entries<DocumentNode>(operation.op.responses ?? {})) {
      const response = deref(responseNode);
      for (const [type, mediaType] of Object.entries<DocumentNode>(response?.content ?? {})) {
        found.push(...mediaTypeExamples(`${operation.where} ${status} ${type}`, mediaType));
      }
    }
  }
  const components = doc.components ?? {};
  for (const [name, parameter] of Object.entries<DocumentNode>(components.parameters ?? {})) {
    found.push(...parameterExamples(`components.parameters.${name}`, parameter));
  }
  for (const [name, body] of Object.entries<DocumentNode>(components.requestBodies ?? {})) {
    for (const [type, mediaType] of Object.entries<DocumentNode>(body.content ?? {})) {
      found.push(...mediaTypeExamples(`components.requestBodies.${name} ${type}`, mediaType));
    }
  }
  for (const [name, response] of Object.entries<DocumentNode>(components.responses ?? {})) {
    for (const [type, mediaType] of Object.entries<DocumentNode>(response.content ?? {})) {
      found.push(...mediaTypeExamples(`components.responses.${name} ${type}`, mediaType));
    }
  }
  for (const [name, schema] of Object.entries<DocumentNode>(components.schemas ?? {})) {
    found.push(...schemaExamples(`#/components/schemas/${name}`, schema));
  }
  return found;
}

export function hasExample(mediaType: DocumentNode): boolean {
  return mediaType?.example !== undefined || Object.keys(mediaType?.examples ?? {}).length > 0;
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}
