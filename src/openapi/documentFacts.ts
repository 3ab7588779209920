/**
 * Reads facts out of the OpenAPI document for the pages: field tables, enum
 * lists, operations and their examples. Runs at build time only (from the remark
 * plugin, the Markdown twins and the tests), never in the browser, so pages carry
 * just the facts they show. The document is read, and its `$ref`s resolved,
 * through src/openapi/document.ts (resolveDeep), as the MCP server's answers are.
 * Each function reads the document it is given (`doc`), with no file system:
 * src/openapi/facts.ts gives the site's by default; the MCP endpoint at the edge
 * (mcp/edge.ts) the one its deployment publishes.
 */
import {
  isObject as isObj,
  operationById,
  operations,
  resolveDeep,
  resolveRef,
  schemaRefName,
  type Json,
  type JsonObject as Obj,
} from './documentTree';

function schemaByName(name: string, doc: Obj): Obj {
  const components = doc.components;
  if (!isObj(components) || !isObj(components.schemas)) throw new Error('openapi: no components.schemas');
  const schema = components.schemas[name];
  if (!isObj(schema)) throw new Error(`openapi: no component schema named "${name}"`);
  return schema;
}

/**
 * A schema as the document's reader resolves it (resolveDeep: every `$ref` replaced by
 * its target, the referring node's own keys kept over the target's), and the name of the
 * component schema it came from (`x-schema`). A schema met again inside itself (an
 * error's nested `errors`) is left by resolveDeep as `{x-schema, x-recursive}`: it is
 * expanded here one level more, from its component, when a table reaches it.
 */
function resolved(node: Json, doc: Obj): { schema: Obj; name?: string } {
  let schema = resolveDeep(doc, node);
  if (!isObj(schema)) return { schema: {} };
  const name = typeof schema['x-schema'] === 'string' ? schema['x-schema'] : undefined;
  if (schema['x-recursive'] === true && name) {
    const own = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'x-schema' && key !== 'x-recursive'));
    schema = resolveDeep(doc, { $ref: `#/components/schemas/${name}`, ...own });
    if (!isObj(schema)) return { schema: {} };
  }
  return { schema, name };
}

/** The named component schema, resolved. */
function namedSchema(name: string, doc: Obj): Obj {
  return resolved(schemaByName(name, doc), doc).schema;
}

type EnumValue = { value: string; description?: string };
export type EnumFacts = { name: string; description?: string; values: EnumValue[] };

/** The values of a named enum schema, with the meanings the document gives (x-enumDescriptions). */
export function enumFacts(name: string, doc: Obj): EnumFacts {
  const schema = namedSchema(name, doc);
  if (!Array.isArray(schema.enum)) throw new Error(`openapi: schema "${name}" is not an enum`);
  const meanings = isObj(schema['x-enumDescriptions']) ? schema['x-enumDescriptions'] : {};
  return {
    name,
    description: typeof schema.description === 'string' ? schema.description : undefined,
    values: schema.enum.map((value) => {
      const meaning = meanings[String(value)];
      return { value: String(value), description: typeof meaning === 'string' ? meaning : undefined };
    }),
  };
}

export type FieldRow = {
  /** Dotted path; array items are written `name[]`, map values `name.<key>`. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  nullable: boolean;
  deprecated: boolean;
  description?: string;
  values?: string[];
  rules: string[];
};

/**
 * A field's type as a table shows it; an object of a named schema names it (`object (ChargeTimelineItem)`),
 * so that the reader, search and the Markdown twin find the schemas a table nests.
 */
function describeType(
  schema: Obj,
  doc: Obj,
  name?: string,
): { type: string; nullable: boolean; inner?: Obj; innerName?: string; values?: string[]; enumName?: string } {
  // Nullable forms: type: [X, 'null'] and anyOf/oneOf [X, {type: 'null'}].
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const nonNull = options.filter((o) => !(isObj(o) && o.type === 'null')).filter(isObj);
      const nullable = nonNull.length < options.length;
      if (nonNull.length === 1) {
        const only = resolved(nonNull[0], doc);
        const inner = describeType(only.schema, doc, only.name);
        return { ...inner, nullable: nullable || inner.nullable, enumName: inner.values ? only.name : undefined };
      }
      const names = nonNull.map((o) => resolved(o, doc)).map(({ schema: option, name }) => name ?? String(option.type ?? 'object'));
      return { type: `one of ${names.join(', ')}`, nullable };
    }
  }
  let type = schema.type;
  let nullable = false;
  if (Array.isArray(type)) {
    nullable = type.includes('null');
    type = type.filter((t) => t !== 'null')[0] ?? 'null';
  }
  const values = Array.isArray(schema.enum) ? schema.enum.filter((v) => v !== null).map(String) : undefined;
  if (type === 'array' && isObj(schema.items)) {
    const item = resolved(schema.items, doc);
    const itemType = describeType(item.schema, doc, item.name);
    return { type: `array of ${itemType.type}`, nullable, inner: item.schema, innerName: item.name, values: itemType.values };
  }
  if (type === 'object' || (type === undefined && isObj(schema.properties))) {
    if (isObj(schema.additionalProperties)) {
      const value = resolved(schema.additionalProperties, doc);
      return { type: `map of object${value.name ? ` (${value.name})` : ''}`, nullable, inner: value.schema, innerName: value.name };
    }
    return { type: `object${name ? ` (${name})` : ''}`, nullable, inner: schema };
  }
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return { type: `${type ?? 'any'}${format}`, nullable, values };
}

function rulesOf(schema: Obj): string[] {
  const rules: string[] = [];
  if (typeof schema.minLength === 'number' && typeof schema.maxLength === 'number')
    rules.push(`${schema.minLength} to ${schema.maxLength} characters`);
  else if (typeof schema.maxLength === 'number') rules.push(`at most ${schema.maxLength} characters`);
  else if (typeof schema.minLength === 'number') rules.push(`at least ${schema.minLength} characters`);
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number')
    rules.push(`${schema.minimum} to ${schema.maximum}`);
  else if (typeof schema.minimum === 'number') rules.push(`at least ${schema.minimum}`);
  else if (typeof schema.maximum === 'number') rules.push(`at most ${schema.maximum}`);
  if (typeof schema.minItems === 'number') rules.push(`at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (typeof schema.pattern === 'string') rules.push(`pattern \`${schema.pattern}\``);
  if (schema.default !== undefined) rules.push(`default \`${JSON.stringify(schema.default)}\``);
  return rules;
}

/** `The limits` -> `the limits` (a word in capitals, `USD`, is kept). */
const lowerFirst = (text: string) => (/^[A-Z](?![A-Z])/.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

/** The rules of a schema that its description (shown beside them) does not already state. */
function rulesBeside(schema: Obj, description: string | undefined): string[] {
  return rulesOf(schema).filter((rule) => !description?.includes(rule));
}

/** Merges allOf parts and the object itself into one set of properties and required names. */
function objectParts(schema: Obj, doc: Obj): { properties: Obj; required: string[] } {
  const properties: Obj = {};
  const required: string[] = [];
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.filter(isObj).map((p) => resolved(p, doc).schema) : [])];
  for (const part of parts) {
    if (isObj(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) required.push(...part.required.map(String));
  }
  return { properties, required };
}

/** What an array field holds, from its items' schema, where the field itself says nothing ("Each item: …"). */
function itemsDescription(described: { type: string; inner?: Obj }): string | undefined {
  const items = described.type.startsWith('array') ? described.inner?.description : undefined;
  return typeof items === 'string' ? `Each item: ${lowerFirst(items.trim())}` : undefined;
}

/** The rows of a field table for a named schema, nested objects expanded to `maxDepth`. */
export function schemaFields(name: string, depthLimit: number | undefined, doc: Obj): FieldRow[] {
  const maxDepth = depthLimit ?? 2;
  const rows: FieldRow[] = [];
  const walk = (schema: Obj, prefix: string, depth: number, seen: string[]) => {
    const { properties, required } = objectParts(schema, doc);
    for (const [field, raw] of Object.entries(properties)) {
      if (!isObj(raw)) continue;
      // The field's own description and deprecation, beside a `$ref`, are kept over its schema's.
      const { schema: prop, name: propName } = resolved(raw, doc);
      const described = describeType(prop, doc, propName);
      const rowName = prefix ? `${prefix}.${field}` : field;
      const description = typeof prop.description === 'string' ? prop.description : itemsDescription(described);
      rows.push({
        name: rowName,
        depth,
        type: described.type,
        required: required.includes(field),
        nullable: described.nullable,
        deprecated: prop.deprecated === true,
        description: description?.trim(),
        values: described.values,
        rules: rulesBeside(prop, description),
      });
      // A schema met again further down (Error in Error.errors[]) is named, not expanded again.
      const innerName = described.innerName ?? propName ?? rowName;
      if (described.inner && depth < maxDepth && !seen.includes(innerName) && isObj(objectParts(described.inner, doc).properties)) {
        const childPrefix =
          described.type.startsWith('array') ? `${rowName}[]` : described.type.startsWith('map') ? `${rowName}.<key>` : rowName;
        walk(described.inner, childPrefix, depth + 1, [...seen, innerName]);
      }
    }
  };
  const schema = namedSchema(name, doc);
  const { properties } = objectParts(schema, doc);
  if (Object.keys(properties).length === 0 && isObj(schema.additionalProperties)) {
    // A map: one row for its keys and what each value holds, then the value's fields under `<key>`.
    const { schema: value, name: valueName } = resolved(schema.additionalProperties, doc);
    const described = describeType(value, doc, valueName);
    const keys = isObj(schema.propertyNames) && typeof schema.propertyNames.description === 'string' ? schema.propertyNames.description.trim() : undefined;
    const holds = typeof value.description === 'string' ? value.description.trim() : undefined;
    rows.push({
      name: '<key>',
      depth: 0,
      type: described.type,
      required: false,
      nullable: described.nullable,
      deprecated: false,
      description: [keys && `Each key: ${lowerFirst(keys)}`, holds && `Each value: ${lowerFirst(holds)}`].filter(Boolean).join(' ') || undefined,
      values: described.values,
      rules: [],
    });
    if (described.inner) walk(described.inner, '<key>', 1, [name, ...(valueName ? [valueName] : [])]);
    return rows;
  }
  walk(schema, '', 0, [name]);
  return rows;
}

type Parameter = {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description?: string;
  values?: string[];
  rules: string[];
  example?: Json;
};
export type OperationFacts = {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  public: boolean;
  parameters: Parameter[];
  requestSchema?: string;
  requestExample?: Json;
  responseExample?: Json;
};

function firstExample(media: Obj | undefined, which?: string): Json | undefined {
  if (!media) return undefined;
  if (isObj(media.examples)) {
    const entries = Object.entries(media.examples);
    const chosen = which ? media.examples[which] : entries[0]?.[1];
    if (which && !chosen) throw new Error(`openapi: no example named "${which}"`);
    if (isObj(chosen)) return chosen.value;
  }
  return media.example;
}

/**
 * The facts of one operation, by operationId. `example` names one of several
 * request examples; `doc` is the site's document unless given (the MCP server
 * passes the one it read from the published site).
 */
export function operationFacts(operationId: string, example: string | undefined, doc: Obj): OperationFacts {
  const entry = operationById(operationId, doc);
  const op = entry.operation;
  const params = entry.parameters.map((param) => {
    const schema = resolved(param.schema ?? {}, doc).schema;
    const described = describeType(schema, doc);
    return {
      name: String(param.name),
      in: String(param.in),
      required: param.required === true,
      type: described.type,
      description: typeof param.description === 'string' ? param.description.trim() : undefined,
      values: described.values,
      rules: rulesBeside(schema, typeof param.description === 'string' ? param.description : undefined),
      example: param.example,
    };
  });
  // A callback's body is a shared `$ref` (components/requestBodies/Callback).
  const requestBody = resolveRef(doc, op.requestBody);
  const body = isObj(requestBody) && isObj(requestBody.content) ? requestBody.content : undefined;
  const json = body && isObj(body['application/json']) ? body['application/json'] : undefined;
  const responses = isObj(op.responses) ? op.responses : {};
  const ok = [responses['200'], responses['201'], responses['202']].map((r) => resolveRef(doc, r)).find(isObj);
  const okJson = ok && isObj(ok.content) && isObj(ok.content['application/json']) ? ok.content['application/json'] : undefined;
  return {
    operationId,
    method: entry.method.toUpperCase(),
    path: entry.path,
    summary: String(op.summary ?? ''),
    tag: Array.isArray(op.tags) ? String(op.tags[0]) : '',
    public: !entry.authenticated,
    parameters: params,
    requestSchema: json ? schemaRefName(json.schema) : undefined,
    requestExample: firstExample(json, example),
    responseExample: firstExample(okJson),
  };
}

/** A schema-level example (the first of `examples`, or `example`). */
export function schemaExample(name: string, doc: Obj): Json {
  const schema = namedSchema(name, doc);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  throw new Error(`openapi: schema "${name}" has no example`);
}

/** Every call of the document (webhooks aside), in document order. */
export function allOperationIds(doc: Obj): string[] {
  return operations(doc)
    .filter((entry) => !entry.webhook)
    .map((entry) => entry.operationId);
}
