/**
 * The guard that keeps the OpenAPI document to what the specification states. The sandbox and the MCP
 * server's validate_request enforce the document's request schemas, and the reference and the MCP
 * answers repeat its examples, so:
 * - every validation rule on a request schema (format, pattern, lengths, bounds, enum, const, required,
 *   default) is listed in tests/fixtures/spec.ts (`requestRules`) with the specification's words it comes
 *   from; a rule that is not listed, or a listed rule that is gone, fails;
 * - every message text in the document's examples is one the specification gives;
 * - callback examples show the envelope and invent nothing inside `data`.
 *
 * Run: node --import tsx --test tests/unit/spec-only.test.ts
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openapiDocument, type DocumentNode } from '../../src/openapi/document';
import { messageTexts, requestRules } from '../fixtures/spec';

const doc: DocumentNode = openapiDocument();

/** The keywords that make a request schema refuse a value, or fill one in. */
const RULE_KEYWORDS = [
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'required',
  'default',
];

const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

/**
 * Every rule on the request side of the document, as `<where> <keyword>: <value>`: the parameters and
 * request bodies of the calls, and every component schema whose name ends in `Request` (the bodies of
 * calls whose paths the document does not give), followed through `$ref`, properties, items and
 * combinators. `<where>` is the component schema (or parameter) that holds the rule, plus a property path.
 * Walked here from the raw document, not through the site's reader of it.
 */
function requestSideRules(document: DocumentNode): string[] {
  const rules = new Set<string>();
  const visited = new Set<string>();
  const component = (ref: string): [string, DocumentNode] => {
    const name = ref.split('/').pop() as string;
    const node = ref
      .split('/')
      .slice(1)
      .reduce((at: DocumentNode, key: string) => at?.[key], document);
    assert.ok(node, `unresolved ${ref}`);
    return [name, node];
  };
  const walk = (node: DocumentNode, where: string): void => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const [name, target] = component(node.$ref);
      if (!visited.has(name)) {
        visited.add(name);
        walk(target, name);
      }
      // A $ref with siblings (a default beside it) keeps its own rules.
    }
    for (const keyword of RULE_KEYWORDS) if (keyword in node) rules.add(`${where} ${keyword}: ${show(node[keyword])}`);
    for (const [name, property] of Object.entries<DocumentNode>(node.properties ?? {})) walk(property, `${where}.${name}`);
    if (node.items) walk(node.items, `${where}[]`);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${where}{}`);
    for (const combinator of ['oneOf', 'anyOf', 'allOf']) for (const branch of node[combinator] ?? []) walk(branch, where);
  };
  for (const [, pathItem] of Object.entries<DocumentNode>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<DocumentNode>(pathItem)) {
      if (method === 'parameters' || typeof operation !== 'object') continue;
      for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        const [name, parameter] = raw.$ref ? component(raw.$ref) : [`${operation.operationId} ${raw.name}`, raw];
        if (parameter.in === 'path') continue;
        const where = `parameter ${name}`;
        if (parameter.required) rules.add(`${where} required: true`);
        walk(parameter.schema, where);
      }
      for (const media of Object.values<DocumentNode>(operation.requestBody?.content ?? {}))
        walk(media.schema, `${operation.operationId} body`);
    }
  }
  for (const name of Object.keys(document.components?.schemas ?? {}).filter((n) => n.endsWith('Request'))) {
    walk({ $ref: `#/components/schemas/${name}` }, name);
  }
  return [...rules].sort();
}

describe('request rules come from the specification', () => {
  test('every rule on a request schema is listed with its source, and every listed rule is in the document', () => {
    const found = requestSideRules(doc);
    const listed = Object.keys(requestRules).sort();
    assert.deepEqual(
      found.filter((rule) => !listed.includes(rule)),
      [],
      'rules in the document that tests/fixtures/spec.ts (requestRules) does not trace to the specification',
    );
    assert.deepEqual(
      listed.filter((rule) => !found.includes(rule)),
      [],
      'rules listed in tests/fixtures/spec.ts that the document no longer has',
    );
  });

  test('every listed rule names the words of the specification it comes from', () => {
    for (const [rule, words] of Object.entries(requestRules)) assert.ok(words.trim().length >= 10, `${rule}: no source words`);
  });

  test('the walk finds a rule that is added (test of the test)', () => {
    const copy = structuredClone(doc);
    copy.components.schemas.InvoiceCreateRequest.properties.customer_email.format = 'email';
    copy.components.schemas.WidgetCreateRequest.properties.url.maxLength = 2048;
    const found = requestSideRules(copy);
    assert.ok(found.includes('InvoiceCreateRequest.customer_email format: email'));
    assert.ok(found.includes('WidgetCreateRequest.url maxLength: 2048'));
  });
});

/** Every string under a `message` key of any example (example, examples[].value, schema examples) in the document. */
function exampleMessages(node: DocumentNode, inExample = false, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => exampleMessages(child, inExample, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries<DocumentNode>(node)) {
      const example = inExample || key === 'example' || key === 'examples';
      if (example && key === 'message' && typeof value === 'string') found.push(value);
      else exampleMessages(value, example, found);
    }
  }
  return found;
}

describe('message texts come from the specification', () => {
  test('every message in an example of the document is a text the specification gives', () => {
    const messages = exampleMessages(doc);
    // The payout error's example message ("insufficient balance"); the errors' messages sit in their descriptions.
    assert.ok(messages.length >= 1, 'the document shows the messages the specification gives');
    assert.deepEqual(
      messages.filter((m) => !messageTexts.includes(m)),
      [],
    );
  });

  test('an invented message is found (test of the test)', () => {
    const copy = structuredClone(doc);
    copy.components.responses.Forbidden.content['application/json'].example = { success: false, data: { message: 'Forbidden' } };
    assert.ok(exampleMessages(copy).includes('Forbidden'));
  });
});

/** The examples of every callback body: each webhook's request body, followed through `$ref`. */
function callbackExamples(document: DocumentNode): Array<[string, DocumentNode]> {
  const found: Array<[string, DocumentNode]> = [];
  for (const [name, item] of Object.entries<DocumentNode>(document.webhooks ?? {})) {
    let body = item.post?.requestBody;
    if (body?.$ref)
      body = body.$ref
        .split('/')
        .slice(1)
        .reduce((at: DocumentNode, key: string) => at?.[key], document);
    for (const media of Object.values<DocumentNode>(body?.content ?? {})) {
      if (media.example) found.push([name, media.example]);
      for (const [key, example] of Object.entries<DocumentNode>(media.examples ?? {})) found.push([`${name} ${key}`, example.value]);
    }
  }
  return found;
}

describe('callback examples invent no payload', () => {
  test('each shows the envelope (id, type, data, created_at) with nothing inside data', () => {
    const examples = callbackExamples(doc);
    assert.ok(examples.length >= 4, 'the callbacks have examples');
    for (const [where, example] of examples) {
      assert.deepEqual(Object.keys(example).sort(), ['created_at', 'data', 'id', 'type'], where);
      assert.deepEqual(example.data, {}, `${where}: data holds what the specification does not show`);
    }
  });

  test('no description calls data the object the event is about', () => {
    const text = JSON.stringify(doc).toLowerCase();
    for (const phrase of ['the object the event is about', 'the data the event is about']) assert.ok(!text.includes(phrase), phrase);
  });
});
