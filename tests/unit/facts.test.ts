/** The build-time readers of the OpenAPI document (src/openapi/documentFacts.ts, over the site's document) and the request samples built from them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as cheerio from 'cheerio';
import { enumFacts, operationFacts, schemaFields, allOperationIds } from '../../src/openapi/documentFacts';
import { OPENAPI_PATH, openapiDocument } from '../../src/openapi/document';
import openapiJsonPlugin from '../../src/plugins/openapi-json';
import { curlSample, goSample } from '../../src/openapi/samples';
import { brand } from '../../src/brand';
import { calls, entities, statuses, errorCodes, payoutErrorCodes } from '../fixtures/spec';
import { call, operationPage, requestExamples } from '../openapi';
import { fileOfRoute } from '../../src/built/pages';
import { assertBuilt, BUILD_DIR } from './build-output';

/** The site's OpenAPI document (openapi/v2.0.yaml), which every fact here is read from. */
const siteDoc = openapiDocument();

/** The method and path that the built page at `route` shows in its header, or undefined when no page is built there. */
function builtOperation(route: string): { method: string; path: string } | undefined {
  const file = fileOfRoute(BUILD_DIR, route);
  if (!file?.endsWith('.html')) return undefined;
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  const endpoint = $('main .openapi__method-endpoint').first();
  return {
    method: endpoint.find('.badge').first().text().trim(),
    path: endpoint.find('.openapi__method-endpoint-path').first().text().trim(),
  };
}

test('field tables list every field the specification gives for an entity', () => {
  for (const name of ['Charge', 'CryptoPayment', 'Checkout', 'Invoice', 'Deposit', 'MassPayout', 'BalanceEntry']) {
    const rows = new Set(
      schemaFields(name, undefined, siteDoc)
        .filter((r) => r.depth === 0)
        .map((r) => r.name),
    );
    const missing = (entities[name] ?? []).filter((field) => !rows.has(field));
    assert.deepEqual(missing, [], `${name} is missing fields`);
  }
});

test('field tables mark required, nullable and deprecated fields and show enum values', () => {
  const payment = schemaFields('CryptoPayment', undefined, siteDoc);
  assert.equal(payment.find((r) => r.name === 'address')?.deprecated, true);
  assert.equal(payment.find((r) => r.name === 'id')?.required, true);
  assert.equal(payment.find((r) => r.name === 'address_from')?.nullable, true);
  const charge = schemaFields('Charge', undefined, siteDoc);
  assert.deepEqual(charge.find((r) => r.name === 'status')?.values, [...statuses.Charge]);
  assert.ok(
    charge.some((r) => r.name === 'timeline[].status'),
    'nested array fields are expanded',
  );
  assert.ok(
    charge.some((r) => r.name.startsWith('pricing.<key>.')),
    'map values are expanded',
  );
});

test('field tables read the document they are given and resolve $refs as its reader does: every key beside a $ref counts', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'a document of this test', version: '1' },
    paths: {},
    components: {
      schemas: {
        Code: { type: 'string', description: 'A code.' },
        Problem: {
          type: 'object',
          properties: {
            code: { $ref: '#/components/schemas/Code', maxLength: 8, description: 'What went wrong.' },
            problems: { type: 'array', items: { $ref: '#/components/schemas/Problem' } },
          },
        },
      },
    },
  };
  const rows = schemaFields('Problem', 2, doc);
  const code = rows.find((r) => r.name === 'code');
  assert.equal(code?.description, 'What went wrong.', "the field's own description, over its schema's");
  assert.deepEqual(code?.rules, ['at most 8 characters'], 'a rule written beside the $ref');
  assert.deepEqual(
    rows.map((r) => `${r.name}: ${r.type}`),
    ['code: string', 'problems: array of object (Problem)'],
    'a schema inside itself is named at its first repeat, not expanded again',
  );
});

test('enum lists carry the values and the meanings the document gives', () => {
  assert.deepEqual(
    enumFacts('ErrorCode', siteDoc).values.map((v) => v.value),
    Object.keys(errorCodes),
  );
  const insufficient = enumFacts('ErrorCode', siteDoc).values.find((v) => v.value === 'insufficient_balance');
  assert.equal(insufficient?.description, errorCodes.insufficient_balance);
  assert.deepEqual(
    enumFacts('PayoutErrorCode', siteDoc).values.map((v) => v.value),
    Object.keys(payoutErrorCodes),
  );
  assert.throws(() => enumFacts('Charge', siteDoc), /not an enum/);
  assert.throws(() => schemaFields('NoSuchSchema', undefined, siteDoc), /no component schema/);
});

test("operations resolve to the method, path and reference page of the specification's calls (tests/fixtures/spec.ts)", () => {
  assertBuilt();
  assert.deepEqual(allOperationIds(siteDoc).sort(), calls.map((c) => c.operationId).sort());
  for (const call of calls) {
    const op = operationFacts(call.operationId, undefined, siteDoc);
    assert.equal(op.method, call.method.toUpperCase(), call.operationId);
    assert.equal(op.path, call.path, call.operationId);
    // The link the guides render must reach the built reference page of this very call
    // (the page shows the sandbox's URL, where a new reader starts, and path parameters as `:name`).
    assert.deepEqual(
      builtOperation(operationPage(call.operationId)),
      { method: call.method.toUpperCase(), path: brand.sandboxApiUrl + call.path.replace(/\{([^}]+)\}/g, ':$1') },
      `${call.operationId}: ${operationPage(call.operationId)} is its built reference page`,
    );
  }
  assert.equal(builtOperation('/api/no-such-call'), undefined, 'a link to no page is caught (test of the test)');
  assert.throws(() => operationFacts('noSuchCall', undefined, siteDoc), /no operation/);
});

test('the curl sample uses the operation method, sandbox URL, auth and example body', () => {
  const op = operationFacts('createCharge', undefined, siteDoc);
  const curl = curlSample(op, brand.sandboxApiUrl);
  assert.match(curl, new RegExp(`^curl -X POST "${brand.sandboxApiUrl}/charges"`));
  assert.match(curl, /Authorization: Bearer \$API_TOKEN/);
  const body = curl.slice(curl.indexOf("-d '") + 4, curl.lastIndexOf("'"));
  // The document's first example of the call, as tests/openapi.ts reads it.
  const [[, documented]] = requestExamples(call('createCharge'));
  assert.deepEqual(JSON.parse(body), documented);
});

test('the curl sample of a public call sends no credentials and fills path parameters', () => {
  const op = operationFacts('getCharge', undefined, siteDoc);
  const curl = curlSample(op, brand.sandboxApiUrl);
  assert.doesNotMatch(curl, /Authorization/);
  assert.doesNotMatch(curl, /\{id\}/);
  assert.match(curl, /^curl -X GET "https:\/\/[^"]+\/charges\/[0-9a-f-]{36}"$/);
});

test('required query parameters are filled from their examples', () => {
  const curl = curlSample(operationFacts('getConvertToken', undefined, siteDoc), brand.sandboxApiUrl);
  const url = new URL(curl.match(/"([^"]+)"/)?.[1] ?? '');
  for (const name of ['network_from', 'symbol_from', 'network_to', 'symbol_to', 'amount']) {
    assert.ok(url.searchParams.get(name), `${name} is set`);
  }
});

test('the Go sample is a complete program using the same method, URL and body', () => {
  const op = operationFacts('sendMassPayout', undefined, siteDoc);
  const go = goSample(op, brand.sandboxApiUrl);
  assert.match(go, /^package main\n/);
  assert.match(go, /http\.NewRequest\(http\.MethodPut, "https:\/\/[^"]+\/mass-payouts\/[0-9a-f-]{36}\/send", strings\.NewReader\(`/);
  assert.match(go, /"strings"/);
  const body = go.slice(go.indexOf('strings.NewReader(`') + 19, go.indexOf('`)'));
  assert.deepEqual(JSON.parse(body), requestExamples(call('sendMassPayout'))[0][1], 'the body is the document example');
  assert.match(go, /req\.Header\.Set\("Authorization", "Bearer "\+os\.Getenv\("API_TOKEN"\)\)/);
  const noBody = goSample(operationFacts('getCharge', undefined, siteDoc), brand.sandboxApiUrl);
  assert.doesNotMatch(noBody, /"strings"|"os"/, 'no unused imports (Go would not compile)');
});

test("the bundler's persistent cache is emptied by a change to the document, which the pages' facts are read from", () => {
  // Without it, a build after a change to the document alone served the old facts from the server bundle.
  const configure = openapiJsonPlugin().configureWebpack;
  assert.ok(configure, 'the openapi-json plugin configures the bundler');
  const rspack = { experiments: { cache: { type: 'persistent', buildDependencies: ['docusaurus.config.ts'] } } };
  assert.deepEqual(configure(rspack, true, {} as never, undefined), { experiments: { cache: { buildDependencies: [OPENAPI_PATH] } } });
  assert.deepEqual(configure({}, true, {} as never, undefined), {}, 'no cache (DOCUSAURUS_NO_PERSISTENT_CACHE): nothing to add');
  assert.ok(fs.existsSync(OPENAPI_PATH));
});
