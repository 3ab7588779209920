/**
 * Facts out of the OpenAPI document for the pages (src/openapi/documentFacts.ts),
 * each from the site's document (openapi/v2.0.yaml) unless given another (`doc`).
 * Build time and Node only: it reads the repository's file.
 */
import { openapiDocument, type Json, type JsonObject } from './document';
import * as of from './documentFacts';

export type { EnumFacts, FieldRow, OperationFacts } from './documentFacts';

/** The values of a named enum schema, with the meanings the document gives. */
export const enumFacts = (name: string, doc: JsonObject = openapiDocument()): of.EnumFacts => of.enumFacts(name, doc);

/** The rows of a field table for a named schema, nested objects expanded to `maxDepth` (2 by default). */
export const schemaFields = (name: string, maxDepth?: number, doc: JsonObject = openapiDocument()): of.FieldRow[] =>
  of.schemaFields(name, maxDepth, doc);

/** An operation's facts (parameters, request and response examples), with the named request example. */
export const operationFacts = (operationId: string, example?: string, doc: JsonObject = openapiDocument()): of.OperationFacts =>
  of.operationFacts(operationId, example, doc);

/** A schema-level example (the first of `examples`, or `example`). */
export const schemaExample = (name: string, doc: JsonObject = openapiDocument()): Json => of.schemaExample(name, doc);

/** Every call of the document (webhooks aside), in document order. */
export const allOperationIds = (doc: JsonObject = openapiDocument()): string[] => of.allOperationIds(doc);
