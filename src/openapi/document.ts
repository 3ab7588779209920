/**
 * The site's reader of the OpenAPI document (openapi/v2.0.yaml), with
 * src/openapi/documentTree.ts: it loads the document, follows its `$ref`s and
 * walks its operations. The facts components
 * (src/openapi/documentFacts.ts, given this document), the Markdown twins (src/markdown/operationTwin.ts),
 * the request samples (src/openapi/samples.ts), the validator
 * (src/openapi/schemas.ts), the local sandbox (local-sandbox/server.ts) and the
 * MCP server (mcp/openapi.ts) all read the document through it; the tests that
 * check them read it on their own (tests/openapi.ts). Build time and Node only:
 * the document never ships to readers' browsers.
 *
 * This file adds the repository's file (openapiDocument, read once) and the
 * defaults that read it; the parsing and the walks are src/openapi/documentTree.ts,
 * which has no file system, for the MCP endpoint at the edge.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  OPENAPI_FILE,
  operations as operationsOf,
  parseOpenapiDocument,
  type JsonObject,
  type OperationEntry,
} from './documentTree';

export {
  isObject,
  OPENAPI_FILE,
  OPENAPI_JSON_FILE,
  resolveRef,
  securityRequirements,
  serversOf,
  type DocumentNode,
  type JsonObject,
  type OperationEntry,
} from './documentTree';

/** Where the document lives in this repository. */
export const OPENAPI_PATH = path.resolve(__dirname, '../../openapi', OPENAPI_FILE);

const loaded = new Map<string, JsonObject>();

/** The parsed document at `file` (the site's by default), read once per process. */
export function openapiDocument(file: string = OPENAPI_PATH): JsonObject {
  let doc = loaded.get(file);
  if (!doc) loaded.set(file, (doc = parseOpenapiDocument(fs.readFileSync(file, 'utf8'), file)));
  return doc;
}

/** Every operation of the document (the site's by default), calls first then webhooks, in document order. */
export function operations(doc: JsonObject = openapiDocument()): OperationEntry[] {
  return operationsOf(doc);
}
