/**
 * The MCP server of the docs (mcp/), through the SDK's own client over
 * stdio, against the production build served locally (`docusaurus serve` on a
 * free port) and the local sandbox on another. Expected values come from the
 * OpenAPI document, the build's own files, tests/fixtures/ and the relevance
 * set (tools/search-relevance-set.ts), never from mcp/ or the search engine it runs.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brand } from '../../src/brand';
import type { DocumentNode } from '../../src/openapi/document';
import { SERVER_JS, startServer, type ServerProcess } from '../../tools/mcp-client';
import { calls as specCalls, chargeFiatSymbols, entities, networks, queryParameters, requiredFields, tags } from '../fixtures/spec';
import { relevanceSet } from '../../tools/search-relevance-set';
import { call as documentedCall, deref, doc, requestExamples, responseOf } from '../openapi';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { freePort, serveBuild } from '../../tools/servers';
import { assertBuilt, BUILD_DIR } from './build-output';

const ROOT = path.resolve(__dirname, '../..');
const CONNECTION_LOG = path.join(ROOT, 'tests/connection-log.ts');
const HEAP_MB = 96;
/** How much the server's RSS may grow over 200 calls after its first round. */
const RSS_GROWTH_MB = 32;

let site: { base: string; stop: () => void };
let sandbox: RunningSandbox;
let server: ServerProcess;

before(async () => {
  assertBuilt();
  [site, sandbox] = await Promise.all([serveBuild(BUILD_DIR, '/llms.txt'), startSandbox()]);
  // A heap of 96 MB (V8's old space): the server's live data fits with room to spare, and garbage is collected
  // before RSS can hide a leak (without a cap, V8 lets the heap grow to about 300 MB before it collects).
  server = await startServer(['--site', site.base, '--sandbox', sandbox.baseUrl], {
    nodeArgs: [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', '--import', CONNECTION_LOG],
  });
});

after(async () => {
  await server?.close();
  await sandbox?.stop();
  site?.stop();
});

type Answer = { isError: boolean; text: string };

async function callOn(target: ServerProcess, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await target.client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text?: string }>;
  return { isError: result.isError === true, text: content.map((c) => c.text ?? '').join('\n') };
}

/** The tool's answer, parsed when it is JSON; fails the test on an error result. */
async function ok(name: string, args: Record<string, unknown>): Promise<DocumentNode> {
  const answer = await callOn(server, name, args);
  assert.equal(answer.isError, false, `${name}(${JSON.stringify(args).slice(0, 200)}) failed: ${answer.text}`);
  return name === 'read_page' ? answer.text : JSON.parse(answer.text);
}

/** The tool's error message; fails the test when the call succeeds. */
async function refused(name: string, args: Record<string, unknown>, target = server): Promise<string> {
  const answer = await callOn(target, name, args);
  assert.equal(answer.isError, true, `${name} should fail, answered: ${answer.text.slice(0, 300)}`);
  return answer.text;
}

const twinOnDisk = (route: string) => fs.readFileSync(path.join(BUILD_DIR, `${route}.md`), 'utf8');
const siteUrl = (route: string) => `${site.base}${route}`;
const fixedPrice = () => structuredClone(Object.fromEntries(requestExamples(documentedCall('createCharge'))).fixedPrice);

test('lists the eight tools, each with a description and a JSON schema of its input', async () => {
  const { tools } = await server.client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  assert.deepEqual([...byName.keys()].sort(), [
    'get_operation',
    'get_schema',
    'list_operations',
    'list_unknowns',
    'read_page',
    'search_docs',
    'try_in_sandbox',
    'validate_request',
  ]);
  const required: Record<string, string[]> = {
    search_docs: ['query'],
    read_page: ['page'],
    get_operation: ['operation'],
    get_schema: ['name'],
    list_operations: [],
    validate_request: ['operation'],
    try_in_sandbox: ['operation'],
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
  const sandboxTool = byName.get('try_in_sandbox')!.inputSchema.properties as Record<string, object>;
  assert.deepEqual(Object.keys(sandboxTool).sort(), ['body', 'operation', 'query', 'token']);
});

/**
 * Questions whose first hit is known from the pages themselves: the page, or the heading, that the
 * question names (the call's page, the page titled "Invoice statuses", the section of the payout error).
 */
const FIRST_HITS: Array<[query: string, route: string]> = [
  ['update checkout', '/api/update-checkout'],
  ['get convert token', '/api/get-convert-token'],
  ['invoice statuses', '/guides/invoices/statuses'],
  ['refund a payment', '/help-center/refund#refund-a-payment'],
  ['payout error 1002', '/guides/payouts#payout-error-1002'],
];

test('search_docs ranks as the site search does: the relevance set passes, the named page first, and section narrows', async () => {
  type Hits = { hits: Array<{ url: string; page: string; text: string; section: string }> };
  const failed: string[] = [];
  for (const c of relevanceSet) {
    const answer = (await ok('search_docs', { query: c.query, limit: 25 })) as Hits;
    assert.ok(answer.hits.length > 0 && answer.hits.length <= 25, `${c.query}: ${answer.hits.length} hits`);
    // The bar the site's search meets (tests/unit/search.test.ts): an answering page among the first three.
    const pages = [...new Set(answer.hits.map((h) => new URL(h.url).pathname))].slice(0, 3);
    if (!pages.some((p) => c.pages.includes(p))) failed.push(`${c.query}: ${pages.join(', ')}`);
    for (const hit of answer.hits) assert.ok(hit.page && hit.text, `${c.query}: a hit has its page title and its text`);
  }
  assert.deepEqual(failed, []);
  const firstHits = [];
  for (const [query] of FIRST_HITS) firstHits.push([query, ((await ok('search_docs', { query })) as Hits).hits[0]?.url]);
  assert.deepEqual(
    firstHits,
    FIRST_HITS.map(([query, route]) => [query, siteUrl(route)]),
  );

  const api = (await ok('search_docs', { query: 'charge', section: 'api' })) as Hits;
  assert.ok(api.hits.length > 0);
  for (const hit of api.hits) assert.ok(hit.url.startsWith(siteUrl('/api')) && hit.section === 'API Reference', hit.url);
});

test('read_page gives the Markdown twin the site publishes, from a path or a URL', async () => {
  const expected = twinOnDisk('/guides/charges/creating');
  for (const page of [
    '/guides/charges/creating',
    'guides/charges/creating.md',
    '/guides/charges/creating/#fixed-price',
    siteUrl('/guides/charges/creating'),
    `${brand.siteUrl}/guides/charges/creating.md`,
  ]) {
    assert.equal(await ok('read_page', { page }), expected, page);
  }
  assert.equal(await ok('read_page', { page: '/api/send-mass-payout' }), twinOnDisk('/api/send-mass-payout'));
});

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

test('get_schema and list_operations answer from the document', async () => {
  const charge = (await ok('get_schema', { name: 'Charge' })) as DocumentNode;
  assert.equal(charge.page, siteUrl('/api/schemas/charge'));
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

test('try_in_sandbox sends to the local sandbox: documented answers, and the same violations as validate_request', async () => {
  const created = (await ok('try_in_sandbox', { operation: 'createCharge', body: fixedPrice(), token: 'any' })) as DocumentNode;
  assert.equal(created.status, 200);
  assert.deepEqual(created.body, responseOf(documentedCall('createCharge'), '200').example);
  assert.equal(created.request.url, `${sandbox.baseUrl}/charges`);

  const anonymous = (await ok('try_in_sandbox', { operation: 'createCharge', body: fixedPrice() })) as DocumentNode;
  assert.equal(anonymous.status, 401);
  assert.deepEqual(anonymous.body, deref(doc.components.responses.Unauthorized).content['application/json'].example);

  const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
  const token = (await ok('try_in_sandbox', { operation: 'getConvertToken', query, token: 't' })) as DocumentNode;
  assert.deepEqual([token.status, token.body], [200, responseOf(documentedCall('getConvertToken'), '200').example]);

  const send = (await ok('try_in_sandbox', { operation: 'PUT /mass-payouts/{id}/send', body: {}, token: 't' })) as DocumentNode;
  assert.equal(send.status, 422);
  const checked = (await ok('validate_request', { operation: 'sendMassPayout', body: {} })) as DocumentNode;
  assert.deepEqual(
    send.body.data.errors,
    checked.violations.map((v: DocumentNode) => ({ message: v.message, target: v.target })),
  );
});

test('list_unknowns gives the gap report the build publishes, whole or by topic', async () => {
  const published = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8')) as {
    unknowns: Array<{ route: string; topic: string; text: string }>;
  };
  const all = (await ok('list_unknowns', {})) as DocumentNode;
  assert.equal(all.count, published.unknowns.length);
  assert.ok(all.count > 0);
  // The payout callback's mark, as the OpenAPI document writes it.
  const [mark] = doc.webhooks.payout.post['x-unknown'] as DocumentNode[];
  const byTopic = (await ok('list_unknowns', { topic: mark.topic })) as DocumentNode;
  const found = byTopic.unknowns.find((u: DocumentNode) => u.page === siteUrl('/api/payout-callback'));
  assert.equal(found?.notDocumentedYet, mark.text);
  assert.equal(byTopic.support, brand.supportEmail);
  const none = (await ok('list_unknowns', { topic: 'no-such-topic-here' })) as DocumentNode;
  assert.equal(none.count, 0);
  assert.match(none.note, new RegExp(mark.topic));
});

test('resources: llms.txt and every page twin it lists, read from the site', async () => {
  const llms = fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
  const listedTwins = [...llms.matchAll(/^- \[.*\]\((\S+?\.md)\)/gm)].map((m) => siteUrl(new URL(m[1]).pathname));
  const { resources } = await server.client.listResources();
  assert.deepEqual(
    resources.map((r) => r.uri),
    [siteUrl('/llms.txt'), ...listedTwins],
  );
  // Each with the type the site serves it as (deploy/rules.ts): llms.txt as text, the twins as Markdown.
  assert.deepEqual(
    [...new Set(resources.map((r) => `${new URL(r.uri).pathname.endsWith('.md') ? 'twin' : r.uri} ${r.mimeType}`))],
    [`${siteUrl('/llms.txt')} text/plain`, 'twin text/markdown'],
  );
  const index = await server.client.readResource({ uri: siteUrl('/llms.txt') });
  assert.deepEqual(index.contents[0], { uri: siteUrl('/llms.txt'), mimeType: 'text/plain', text: llms });
  const page = await server.client.readResource({ uri: siteUrl('/guides/charges/creating.md') });
  assert.deepEqual(page.contents[0], {
    uri: siteUrl('/guides/charges/creating.md'),
    mimeType: 'text/markdown',
    text: twinOnDisk('/guides/charges/creating'),
  });
  await assert.rejects(server.client.readResource({ uri: siteUrl('/guides/nope.md') }), /No page twin/);
});

test('bad input gets an error result naming the problem, and the server serves the next call', async () => {
  const next = async () => assert.equal(((await ok('get_schema', { name: 'Charge' })) as DocumentNode).name, 'Charge');

  assert.match(await refused('read_page', { page: '/guides/no-such-page' }), /No page at \/guides\/no-such-page .*404/);
  await next();
  assert.match(await refused('read_page', { page: 'https://elsewhere.example/guides' }), /not the docs site/);
  await next();
  assert.match(await refused('get_operation', { operation: 'createChrage' }), /No operation "createChrage".*Did you mean createCharge/);
  await next();
  assert.match(await refused('get_operation', { operation: 'PATCH /charges' }), /\/charges takes GET, POST, not PATCH/);
  await next();
  assert.match(await refused('get_schema', { name: 'Chrage' }), /No schema "Chrage".*Charge/);
  await next();
  assert.match(
    await refused('search_docs', { query: 'refund '.repeat(1429).slice(0, 10_000) }),
    /query is 10000 characters long.*at most 256/,
  );
  await next();
  assert.match(await refused('validate_request', { operation: 'createCharge', body: '{"project_id": ' }), /The body is not JSON/);
  await next();
  assert.match(await refused('try_in_sandbox', { operation: 'createCharge', body: 'pricing_type=fixed_price' }), /The body is not JSON/);
  await next();
});

test('a site that does not answer, and a sandbox that is down, get error results that say so', async () => {
  const [deadSite, deadSandbox] = [await freePort(), await freePort()];
  const offline = await startServer(['--site', `http://127.0.0.1:${deadSite}`, '--sandbox', `http://127.0.0.1:${deadSandbox}/v2.0`]);
  const noSandbox = await startServer(['--site', site.base, '--sandbox', `http://127.0.0.1:${deadSandbox}/v2.0`]);
  try {
    for (const [name, args] of [
      ['search_docs', { query: 'charge' }],
      ['read_page', { page: '/guides/charges' }],
      ['get_operation', { operation: 'createCharge' }],
      ['list_unknowns', {}],
    ] as const) {
      const message = await refused(name, args, offline);
      assert.match(message, new RegExp(`The docs site at http://127\\.0\\.0\\.1:${deadSite} did not answer \\(connection refused`), name);
    }
    const down = await refused('try_in_sandbox', { operation: 'createCharge', body: fixedPrice(), token: 't' }, noSandbox);
    assert.match(down, new RegExp(`local sandbox at http://127\\.0\\.0\\.1:${deadSandbox} did not answer.*npm run sandbox`));
    // Both still serve.
    assert.equal((await callOn(noSandbox, 'get_schema', { name: 'Charge' })).isError, false);
    assert.match(await refused('get_schema', { name: 'Charge' }, offline), /did not answer/);
  } finally {
    await Promise.all([offline.close(), noSandbox.close()]);
  }
});

test('the server refuses a sandbox that is not on this machine, and a site that is not an http(s) URL', async () => {
  for (const args of [
    ['--sandbox', 'http://api.crypto-payments.example/v2.0'],
    ['--site', 'file:///etc'],
  ]) {
    // stdin is empty and closed: a server that starts anyway ends at once (or is killed after 20 s) instead of waiting.
    const child = spawn(process.execPath, [SERVER_JS, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(killer);
    assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
    assert.match(stderr, args[0] === '--sandbox' ? /--sandbox must be on this machine/ : /--site must be an http\(s\) URL/);
  }
});

test(`200 calls in a row: all answer, and the server's RSS grows by less than ${RSS_GROWTH_MB} MB`, async () => {
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;
  const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
  const round: Array<[string, Record<string, unknown>]> = [
    ['search_docs', { query: 'mass payout confirmation' }],
    ['get_operation', { operation: 'createCharge' }],
    ['validate_request', { operation: 'createCharge', body: fixedPrice() }],
    ['read_page', { page: '/guides/charges/creating' }],
    ['get_schema', { name: 'MassPayout' }],
    ['list_operations', {}],
    ['list_unknowns', {}],
    ['try_in_sandbox', { operation: 'getConvertToken', query, token: 't' }],
  ];
  // One round first: every tool has loaded what it keeps.
  for (const [name, args] of round) await ok(name, args);
  const start = rss();
  for (let i = 0; i < 200; i += 1) {
    const [name, args] = round[i % round.length];
    await ok(name, args);
  }
  const end = rss();
  console.log(`# MCP server RSS (heap ${HEAP_MB} MB): ${start.toFixed(0)} MB after one round, ${end.toFixed(0)} MB after 200 more calls`);
  assert.ok(end - start < RSS_GROWTH_MB, `RSS grew from ${start.toFixed(0)} MB to ${end.toFixed(0)} MB`);
});

test('done when: "how do I create a fixed-price charge and check the body before sending it", from the tools alone', async () => {
  // 1. Search: the guide on creating a charge comes up first.
  const search = (await ok('search_docs', { query: 'create a fixed-price charge' })) as DocumentNode;
  const hit = search.hits[0];
  assert.equal(new URL(hit.url).pathname, '/guides/charges/creating');
  // 2. Read it: it names the call.
  const page = (await ok('read_page', { page: hit.url })) as string;
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

test('no tool reached a host other than the site and the local sandbox', async () => {
  // The calls that use the network, made here so that the log holds them whichever tests ran before.
  const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p: DocumentNode) => [p.name, p.example]));
  for (const [name, args] of [
    ['search_docs', { query: 'charge' }],
    ['read_page', { page: '/guides/charges/creating' }],
    ['get_operation', { operation: 'createCharge' }],
    ['list_unknowns', {}],
    ['try_in_sandbox', { operation: 'getConvertToken', query, token: 't' }],
  ] as const) {
    await ok(name, args);
  }
  const reached = new Set([...server.stderr().matchAll(/^\[connection\] (\S+)$/gm)].map((m) => m[1]));
  assert.deepEqual([...reached].sort(), [new URL(site.base).host, new URL(sandbox.baseUrl).host].sort());
});
