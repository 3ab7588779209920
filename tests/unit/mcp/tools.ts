/**
 * The MCP server of the docs over stdio, as the package ships it, against the
 * production build served locally and the local sandbox (./harness.ts): the tool list and its input schemas, and the
 * tools that answer from the OpenAPI document (get_operation, get_schema,
 * list_operations, validate_request, try_in_local_sandbox), 200 calls in a row and
 * the "done when" question from the tools alone. The tools that read the pages
 * are tested in ./pages.ts, the refusals and the command line in ./refusals.ts.
 * Expected values come from the OpenAPI document, the build's own files and
 * tests/fixtures/, never from mcp/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { brand } from '../../../src/brand';
import type { DocumentNode } from '../../../src/openapi/document';
import { calls as specCalls, chargeFiatSymbols, entities, networks, queryParameters, requiredFields, tags } from '../../fixtures/spec';
import { call as documentedCall, deref, doc, documentedUrl, requestExamples, responseOf } from '../../openapi';
import { BUILD_DIR } from '../build-output';
import { fixedPrice, unknownMarks, schemasUsed, twinOnDisk, useMcpServer } from './harness';

const mcp = useMcpServer();
const { callOn, ok, refused, siteUrl } = mcp;

test('lists the nine tools, each with a description and a JSON schema of its input', async () => {
  const { tools } = await mcp.server.client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  assert.deepEqual([...byName.keys()].sort(), [
    'get_operation',
    'get_schema',
    'list_operations',
    'list_pages',
    'list_unknowns',
    'read_page',
    'search_docs',
    'try_in_local_sandbox',
    'validate_request',
  ]);
  const required: Record<string, string[]> = {
    search_docs: ['query'],
    read_page: ['page'],
    list_pages: [],
    get_operation: ['operation'],
    get_schema: ['name'],
    list_operations: [],
    validate_request: ['operation'],
    try_in_local_sandbox: ['operation'],
    list_unknowns: [],
  };
  for (const [name, tool] of byName) {
    assert.ok((tool.description ?? '').length > 80, `${name} has a description to choose it by`);
    assert.equal(tool.inputSchema.type, 'object');
    assert.deepEqual([...(tool.inputSchema.required ?? [])].sort(), required[name].sort(), `${name}'s required arguments`);
    for (const [prop, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
      assert.ok((schema as { description?: string }).description, `${name}.${prop} is described`);
    }
  }
  const search = byName.get('search_docs')!.inputSchema.properties as Record<string, { enum?: string[]; maxLength?: number }>;
  assert.deepEqual(search.section.enum, ['guides', 'api', 'help-center']);
  assert.ok(search.query.maxLength && search.query.maxLength < 10_000);
  const validate = byName.get('validate_request')!.inputSchema.properties as Record<string, object>;
  assert.deepEqual(Object.keys(validate).sort(), ['body', 'operation', 'query']);
  const sandboxTool = byName.get('try_in_local_sandbox')!.inputSchema.properties as Record<string, object>;
  assert.deepEqual(Object.keys(sandboxTool).sort(), ['body', 'operation', 'query', 'token']);
  const operation = byName.get('get_operation')!.inputSchema.properties as Record<string, { type?: string }>;
  assert.deepEqual(
    Object.entries(operation).map(([name, schema]) => [name, schema.type]),
    [
      ['operation', 'string'],
      ['responses', 'boolean'],
      ['status', 'string'],
    ],
  );
});

/** Where a JSON schema breaks what every client takes: an empty `{}` schema, a `type` array, a property without a `type`. */
function clientTroubles(schema: unknown, at: string, troubles: string[] = []): string[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return troubles;
  const node = schema as Record<string, unknown>;
  if (Object.keys(node).length === 0) troubles.push(`${at} is {}`);
  if (Array.isArray(node.type)) troubles.push(`${at} has a type array`);
  for (const [name, property] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {})) {
    if (!(property as { type?: unknown }).type) troubles.push(`${at}.properties.${name} has no type`);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === 'definitions' || key === '$defs') {
      for (const [name, child] of Object.entries(value as Record<string, unknown>)) clientTroubles(child, `${at}.${key}.${name}`, troubles);
    } else if (Array.isArray(value)) value.forEach((child, i) => clientTroubles(child, `${at}.${key}[${i}]`, troubles));
    else if (typeof value === 'object') clientTroubles(value, `${at}.${key}`, troubles);
  }
  return troubles;
}

test('every input schema is one that every client takes: no {} schema, no type array, a type on every property', async () => {
  const { tools } = await mcp.server.client.listTools();
  const troubles = tools.flatMap((tool) => clientTroubles(tool.inputSchema, tool.name));
  assert.deepEqual(troubles, []);
  // The test of the test: the schemas of before (zod's unknown and a union of scalars) are caught.
  assert.deepEqual(
    clientTroubles(
      { type: 'object', properties: { body: { anyOf: [{ type: 'array', items: {} }] }, q: { type: ['string', 'number'] } } },
      't',
    ),
    ['t.properties.body has no type', 't.properties.body.anyOf[0].items is {}', 't.properties.q has a type array'],
  );
  // What the schemas say is what the tools take: a body as JSON text, a number as a query value.
  const verdict = (await ok('validate_request', {
    operation: 'getConvertToken',
    query: Object.fromEntries(
      Object.entries(documentedQuery('getConvertToken')).map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)]),
    ),
  })) as DocumentNode;
  assert.equal(verdict.valid, true, JSON.stringify(verdict));
  const asText = (await ok('validate_request', { operation: 'createCharge', body: JSON.stringify(fixedPrice()) })) as DocumentNode;
  assert.equal(asText.valid, true);
  assert.match(await refused('validate_request', { operation: 'createCharge', body: [fixedPrice()] }), /JSON object/);
});

/** The documented query of a call (each query parameter's example), by name. */
function documentedQuery(operationId: string): Record<string, string> {
  return Object.fromEntries(new URL(documentedUrl(documentedCall(operationId)), 'http://x').searchParams);
}

test('get_operation: createCharge resolved (no $ref), with its authentication and the curl sample of each example', async () => {
  const answer = (await ok('get_operation', { operation: 'createCharge' })) as DocumentNode;
  assert.ok(!JSON.stringify(answer).includes('$ref'), 'no $ref is left');
  const documented = documentedCall('createCharge');
  assert.equal(answer.method, documented.method.toUpperCase());
  assert.equal(answer.path, documented.path);
  assert.equal(answer.page, siteUrl('/api/create-charge'));
  // The body's variants, resolved: the fixed-price one with the document's required fields.
  const variants = answer.requestBody.content['application/json'].schema.oneOf as DocumentNode[];
  const fixed = variants.find((v) => v['x-schema'] === 'FixedPriceChargeCreateRequest');
  assert.deepEqual(fixed.required, deref({ $ref: '#/components/schemas/FixedPriceChargeCreateRequest' }).required);
  assert.deepEqual(fixed.properties.fiat_price.properties.symbol.enum, [...chargeFiatSymbols]);
  // Every documented response status, each resolved (the 422's recursive Error expanded once).
  assert.deepEqual(Object.keys(answer.responses), Object.keys(documented.op.responses));
  assert.equal(answer.responses['200'].content['application/json'].example.success, true);
  // Authentication: the document's schemes, not "none".
  const schemes = (doc.security as DocumentNode[]).flatMap((r: DocumentNode) => Object.keys(r));
  assert.deepEqual(
    answer.authentication.anyOf.flatMap((alternative: DocumentNode[]) => alternative.map((s) => s.securityScheme)),
    schemes,
  );
  assert.equal(answer.authentication.anyOf[0][0].type, doc.components.securitySchemes[schemes[0]].type);
  // A curl sample per request example, as the API page's twin shows the first one.
  assert.deepEqual(Object.keys(answer.curl), Object.keys(documented.op.requestBody.content['application/json'].examples));
  const curl = answer.curl.fixedPrice as string;
  assert.match(curl, new RegExp(`^curl -X POST "${brand.sandboxApiUrl.replace(/\./g, '\\.')}/charges"`));
  assert.match(curl, /Authorization: Bearer \$API_TOKEN/);
  assert.ok(curl.includes(JSON.stringify(fixedPrice(), null, 2)), 'the fixed-price example is the body');
  assert.ok(twinOnDisk('/api/create-charge').includes(curl), 'the same sample as the page’s twin');
});

test('get_operation answers in compact JSON, without its responses or with one status when asked', async () => {
  const full = await callOn(mcp.server, 'get_operation', { operation: 'createCharge' });
  assert.equal(full.text, JSON.stringify(JSON.parse(full.text)), 'compact JSON');
  const documented = documentedCall('createCharge');
  const statuses = Object.keys(documented.op.responses);

  const lean = await callOn(mcp.server, 'get_operation', { operation: 'createCharge', responses: false });
  const size = Buffer.byteLength(lean.text);
  // The sizes, against the answer before answers were compact: npm run bench:mcp.
  assert.ok(size < Buffer.byteLength(full.text), `${size} bytes without its responses, ${Buffer.byteLength(full.text)} with`);
  const leanAnswer = JSON.parse(lean.text) as DocumentNode;
  assert.equal(leanAnswer.responses, undefined);
  assert.deepEqual(leanAnswer.responseStatuses, statuses);
  assert.deepEqual(leanAnswer.requestBody, JSON.parse(full.text).requestBody, 'the rest as in the full answer');

  const one = (await ok('get_operation', { operation: 'createCharge', status: '422' })) as DocumentNode;
  assert.deepEqual(Object.keys(one.responses), ['422']);
  assert.equal(one.responses['422'].content['application/json'].example.success, responseOf(documented, '422').example.success);
  assert.match(
    await refused('get_operation', { operation: 'createCharge', status: '418' }),
    new RegExp(`no "418" response.*${statuses.join(', ')}`),
  );
  assert.match(
    await refused('get_operation', { operation: 'createCharge', responses: false, status: '200' }),
    /either responses: false .* or status/,
  );
});

test('get_operation carries the marks on its page and on the pages of the schemas it uses', async () => {
  for (const [operationId, op] of [
    ['createMassPayout', doc.paths['/mass-payouts'].post],
    ['createCharge', doc.paths['/charges'].post],
    [doc.webhooks.payout.post.operationId, doc.webhooks.payout.post],
  ] as Array<[string, DocumentNode]>) {
    const page = `/api/${operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
    const routes = new Set([page, ...[...schemasUsed(op)].map((name) => `/api/schemas/${name.toLowerCase()}`)]);
    const expected = new Set([
      ...((op['x-unknown'] ?? []) as DocumentNode[]).map((m) => m.topic as string),
      ...unknownMarks()
        .filter((g) => routes.has(g.route))
        .map((g) => g.topic),
    ]);
    const answer = (await ok('get_operation', { operation: operationId, responses: false })) as DocumentNode;
    assert.deepEqual(new Set(answer.notDocumentedYet.map((m: DocumentNode) => m.topic)), expected, operationId);
    assert.ok(expected.size > 0, `${operationId} has marks to show`);
    for (const mark of answer.notDocumentedYet) assert.ok(mark.notDocumentedYet && mark.page.startsWith(mcp.site.base), operationId);
  }
});

test('get_operation: sendMassPayout and getConvertToken by method and path, with their parameters', async () => {
  const send = (await ok('get_operation', { operation: 'PUT /mass-payouts/{id}/send' })) as DocumentNode;
  assert.equal(send.operationId, 'sendMassPayout');
  assert.deepEqual(
    send.parameters.map((p: DocumentNode) => [p.name, p.in, p.required]),
    [['id', 'path', true]],
  );
  assert.deepEqual(send.requestBody.content['application/json'].schema.required, requiredFields.MassPayoutSendRequest);
  assert.ok(!JSON.stringify(send).includes('$ref'));
  assert.match(send.curl.default, /curl -X PUT ".*\/mass-payouts\/[^/"]+\/send"/);

  // A concrete path on the API's base path names the same call.
  const concrete = (await ok('get_operation', {
    operation: `GET ${new URL(brand.sandboxApiUrl).pathname}/converts/token?amount=1`,
  })) as DocumentNode;
  assert.equal(concrete.operationId, 'getConvertToken');
  assert.deepEqual(
    concrete.parameters.map((p: DocumentNode) => p.name),
    queryParameters.getConvertToken,
  );
  for (const p of concrete.parameters) assert.ok(p.required && p.in === 'query' && p.schema && !p.schema.$ref, p.name);
  assert.match(concrete.curl.default, /^curl -X GET ".*\/converts\/token\?network_from=/);
});

test('the build publishes the document as JSON too (/v2.0.json, which the server reads first): the YAML, parsed', () => {
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'v2.0.json'), 'utf8')), doc);
});

test('get_schema and list_operations answer from the document', async () => {
  const charge = (await ok('get_schema', { name: 'Charge' })) as DocumentNode;
  assert.equal(charge.page, siteUrl('/api/schemas/charge'));
  // A schema without a page of its own: the page that shows it (an object's, or the call's).
  assert.equal(((await ok('get_schema', { name: 'ChargeStatus' })) as DocumentNode).page, siteUrl('/api/schemas/charge'));
  assert.equal(((await ok('get_schema', { name: 'ChargeCreateRequest' })) as DocumentNode).page, siteUrl('/api/create-charge'));
  for (const field of entities.Charge) assert.ok(field in charge.schema.properties, `Charge.${field}`);
  assert.ok(!JSON.stringify(charge).includes('$ref'));
  assert.equal(((await ok('get_schema', { name: 'chargestatus' })) as DocumentNode).name, 'ChargeStatus');

  const all = (await ok('list_operations', {})) as DocumentNode;
  const listed = all.operations.filter((o: DocumentNode) => !o.webhook).map((o: DocumentNode) => `${o.method} ${o.path} ${o.operationId}`);
  assert.deepEqual(listed.sort(), specCalls.map((c) => `${c.method.toUpperCase()} ${c.path} ${c.operationId}`).sort());
  assert.deepEqual([...all.tags].sort(), [...tags].sort());
  const massPayouts = (await ok('list_operations', { tag: 'mass payouts' })) as DocumentNode;
  assert.deepEqual(
    massPayouts.operations.map((o: DocumentNode) => o.operationId).sort(),
    specCalls
      .filter((c) => c.path.startsWith('/mass-payouts'))
      .map((c) => c.operationId)
      .sort(),
  );
  assert.match(await refused('list_operations', { tag: 'Refunds' }), /No tag "Refunds".*Charges/);
});

test('validate_request: the documented bodies pass; each broken rule is named with the document’s rule', async () => {
  const valid = (await ok('validate_request', { operation: 'createCharge', body: fixedPrice() })) as DocumentNode;
  assert.deepEqual([valid.valid, valid.violations], [true, []]);

  const euro = fixedPrice();
  euro.fiat_price.symbol = 'EUR';
  const wrongSymbol = (await ok('validate_request', { operation: 'createCharge', body: JSON.stringify(euro) })) as DocumentNode;
  assert.equal(wrongSymbol.valid, false);
  assert.deepEqual(
    wrongSymbol.violations.map((v: DocumentNode) => [v.target, v.rule.enum]),
    [['fiat_price.symbol', [...chargeFiatSymbols]]],
  );

  const noPrice = fixedPrice();
  delete noPrice.fiat_price;
  const missing = (await ok('validate_request', { operation: 'POST /charges', body: noPrice })) as DocumentNode;
  assert.deepEqual(
    missing.violations.map((v: DocumentNode) => v.target),
    ['fiat_price'],
  );
  assert.deepEqual(missing.violations[0].rule.required, deref({ $ref: '#/components/schemas/FixedPriceChargeCreateRequest' }).required);

  const send = (await ok('validate_request', { operation: 'sendMassPayout', body: {} })) as DocumentNode;
  assert.deepEqual(
    send.violations.map((v: DocumentNode) => v.target),
    requiredFields.MassPayoutSendRequest,
  );

  const payouts = Object.fromEntries(requestExamples(documentedCall('createMassPayout'))).crypto;
  payouts.payouts[1].network = 'nope';
  const network = (await ok('validate_request', { operation: 'createMassPayout', body: payouts })) as DocumentNode;
  assert.deepEqual(
    network.violations.map((v: DocumentNode) => [v.target, v.rule.enum]),
    [['payouts.1.network', [...networks]]],
  );

  // A rule the specification does not state is not enforced: customer_email has no e-mail format.
  const invoice = structuredClone(Object.fromEntries(requestExamples(documentedCall('createInvoice'))).example);
  invoice.customer_email = 'x';
  assert.deepEqual(((await ok('validate_request', { operation: 'createInvoice', body: invoice })) as DocumentNode).violations, []);

  const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
  assert.equal(((await ok('validate_request', { operation: 'getConvertToken', query })) as DocumentNode).valid, true);
  delete query.amount;
  const noAmount = (await ok('validate_request', { operation: 'getConvertToken', query })) as DocumentNode;
  assert.deepEqual(
    noAmount.violations.map((v: DocumentNode) => [v.target, v.rule.in, v.rule.required]),
    [['amount', 'query', true]],
  );
});

test('try_in_local_sandbox sends to the local sandbox: documented answers, and the same violations as validate_request', async () => {
  const created = (await ok('try_in_local_sandbox', { operation: 'createCharge', body: fixedPrice(), token: 'any' })) as DocumentNode;
  assert.equal(created.status, 200);
  assert.deepEqual(created.body, responseOf(documentedCall('createCharge'), '200').example);
  assert.equal(created.request.url, `${mcp.sandbox.baseUrl}/charges`);

  const anonymous = (await ok('try_in_local_sandbox', { operation: 'createCharge', body: fixedPrice() })) as DocumentNode;
  assert.equal(anonymous.status, 401);
  // The document shows no 401 body: the sandbox answers its own error, in the document's envelope.
  assert.deepEqual(anonymous.body, { success: false, data: { message: 'Local sandbox: missing or invalid authentication' } });

  const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
  const token = (await ok('try_in_local_sandbox', { operation: 'getConvertToken', query, token: 't' })) as DocumentNode;
  assert.deepEqual([token.status, token.body], [200, responseOf(documentedCall('getConvertToken'), '200').example]);

  const send = (await ok('try_in_local_sandbox', { operation: 'PUT /mass-payouts/{id}/send', body: {}, token: 't' })) as DocumentNode;
  assert.equal(send.status, 422);
  const checked = (await ok('validate_request', { operation: 'sendMassPayout', body: {} })) as DocumentNode;
  assert.deepEqual(
    send.body.data.errors,
    checked.violations.map((v: DocumentNode) => ({ message: v.message, target: v.target })),
  );
});

test('200 calls in a row, every tool in turn: all answer', async () => {
  const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
  const round: Array<[string, Record<string, unknown>]> = [
    ['search_docs', { query: 'mass payout confirmation' }],
    ['get_operation', { operation: 'createCharge' }],
    ['validate_request', { operation: 'createCharge', body: fixedPrice() }],
    ['read_page', { page: '/guides/charges/creating' }],
    ['get_schema', { name: 'MassPayout' }],
    ['list_operations', {}],
    ['list_unknowns', {}],
    ['try_in_local_sandbox', { operation: 'getConvertToken', query, token: 't' }],
  ];
  // One round first: every tool has loaded what it keeps.
  for (const [name, args] of round) await ok(name, args);
  for (let i = 0; i < 200; i += 1) {
    const [name, args] = round[i % round.length];
    await ok(name, args);
  }
});

test('done when: "how do I create a fixed-price charge and check the body before sending it", from the tools alone', async () => {
  // 1. Search: the guide on creating a charge comes up first.
  const search = (await ok('search_docs', { query: 'create a fixed-price charge' })) as DocumentNode;
  const hit = search.hits[0];
  assert.equal(new URL(hit.url).pathname, '/guides/charges/creating');
  // 2. Read it: the hit's section, then its page, which names the call.
  const section = (await ok('read_page', { page: hit.url })) as string;
  assert.ok(section.startsWith(`## ${hit.heading}`), `the section under ${hit.heading}`);
  const page = (await ok('read_page', { page: hit.url.split('#')[0] })) as string;
  assert.ok(page.includes('fixed_price'), 'the page explains the fixed-price body');
  const [method, callPath] = /^(POST) `(\/charges)`/m.exec(page)?.slice(1) ?? [];
  assert.deepEqual([method, callPath], ['POST', '/charges'], 'the page names POST /charges');
  // 3. The call: its fixed-price example body, from the curl sample.
  const operation = (await ok('get_operation', { operation: `${method} ${callPath}` })) as DocumentNode;
  assert.equal(operation.operationId, 'createCharge');
  const body = /-d '([\s\S]*)'$/.exec(operation.curl.fixedPrice)?.[1];
  assert.ok(body, 'the curl sample carries a body');
  assert.deepEqual(JSON.parse(body), fixedPrice());
  // 4. Check the body before sending it: valid as it is, and a missing price is named.
  const checked = (await ok('validate_request', { operation: operation.operationId, body })) as DocumentNode;
  assert.equal(checked.valid, true);
  const withoutPrice = JSON.parse(body);
  delete withoutPrice.fiat_price;
  const broken = (await ok('validate_request', { operation: operation.operationId, body: withoutPrice })) as DocumentNode;
  assert.deepEqual(
    broken.violations.map((v: DocumentNode) => v.target),
    ['fiat_price'],
  );
});
