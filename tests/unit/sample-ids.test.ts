/**
 * A sample runs as shown: the ids in a request sample's path and body are those of its own object's
 * examples, so that the answer shown beside it is that call's answer. Checked for the samples of the
 * guides and of the API pages' Markdown twins (src/openapi/samples.ts), and for those the MCP server's
 * get_operation gives (mcp/openapi.ts). The API reference's own code samples fill path parameters
 * from the same parameter examples.
 *
 * The expected ids are read from the document with the tests' own reader (tests/openapi.ts), never
 * from the module under test: the object of a call on `/<collection>/{id}...` is the one its
 * 200 answer shows (when it shows one object) and the first one the collection's list call shows.
 *
 * Run: node --import tsx --test tests/unit/sample-ids.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brand } from '../../src/brand';
import { operationFacts } from '../../src/openapi/facts';
import { curlSample, goSample } from '../../src/openapi/samples';
import { operationAnswer, findOperation } from '../../mcp/openapi';
import { Site } from '../../mcp/site';
import type { DocumentNode } from '../../src/openapi/document';
import { calls, deref, doc, requestExamples, type DocumentedCall } from '../openapi';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The `data` of a call's documented 200 answer, or undefined. */
function answerData(c: DocumentedCall): DocumentNode {
  return deref(c.op.responses?.['200'])?.content?.['application/json']?.example?.data;
}

/**
 * The id of the object a call with a path id acts on, as the document's examples show it: its own
 * answer's object and the collection list's first object, which must agree when both are shown.
 */
function ownObjectId(c: DocumentedCall): string {
  const collection = `/${c.path.split('/')[1]}`;
  const list = calls.find((other) => other.path === collection && other.method === 'get');
  const listed = Array.isArray(answerData(list as DocumentedCall)) ? answerData(list as DocumentedCall)[0]?.id : undefined;
  const data = answerData(c);
  const own = data && !Array.isArray(data) && typeof data.id === 'string' ? data.id : undefined;
  if (own && listed) assert.equal(own, listed, `${c.operationId}: its answer and GET ${collection} show one object`);
  const id = own ?? listed;
  assert.ok(id, `${c.operationId}: the document shows an example of its object`);
  return id;
}

const withPathId = calls.filter((c) => c.parameters.some((p) => p.in === 'path' && p.name === 'id'));

/** The ids in a sample's URL (the quoted string after the method). */
function urlIds(sample: string): string[] {
  const url = /(?:curl -X \w+ |http\.NewRequest\([^,]+, )"([^"]+)"/.exec(sample)?.[1] ?? '';
  return url.match(UUID) ?? [];
}

test('calls with a path id are those of the specification on charges, deposits, checkouts, invoices, mass payouts, conversions', () => {
  assert.deepEqual([...new Set(withPathId.map((c) => c.path.split('/')[1]))].sort(), [
    'charges',
    'checkouts',
    'converts',
    'deposits',
    'invoices',
    'mass-payouts',
  ]);
});

for (const c of withPathId) {
  test(`${c.operationId}: the samples call its own object (${c.path})`, async () => {
    const expected = ownObjectId(c);
    const op = operationFacts(c.operationId);
    for (const [language, sample] of [
      ['curl', curlSample(op, brand.sandboxApiUrl)],
      ['Go', goSample(op, brand.sandboxApiUrl)],
    ]) {
      assert.deepEqual(urlIds(sample), [expected], `${language} sample of ${c.operationId}`);
    }
    const found = findOperation(doc, c.operationId);
    const answer = operationAnswer(doc, new Site('http://127.0.0.1:1'), found, { responses: false }, []);
    for (const [name, curl] of Object.entries(answer.curl as Record<string, string>)) {
      assert.deepEqual(urlIds(curl), [expected], `the MCP server's ${name} sample of ${c.operationId}`);
    }
  });
}

test('a request body that names its object by id uses the id of the object its answer shows', () => {
  let checked = 0;
  for (const c of calls) {
    const data = answerData(c);
    if (!data || Array.isArray(data) || typeof data.id !== 'string') continue;
    const [first] = requestExamples(c);
    if (!first || typeof first[1]?.id !== 'string') continue;
    assert.equal(first[1].id, data.id, `${c.operationId}: the body's id is its answer's id`);
    checked += 1;
  }
  assert.ok(checked >= 1, 'createMassPayout names its mass payout by id');
});

test('a sample on the shared id of another object is caught (test of the test)', () => {
  const charge = ownObjectId(calls.find((c) => c.operationId === 'getCharge') as DocumentedCall);
  const send = calls.find((c) => c.operationId === 'sendMassPayout') as DocumentedCall;
  assert.notEqual(ownObjectId(send), charge);
  assert.notDeepEqual(urlIds(`curl -X PUT "https://x.example/mass-payouts/${charge}/send"`), [ownObjectId(send)]);
});
