/**
 * The MCP server of the docs as the package ships it (mcp/dist/server.js, built
 * by `npm run mcp:build`), through the SDK's own client over stdio, against the
 * production build served locally (`docusaurus serve` on a free port) and the
 * local sandbox on another. Expected values come from the OpenAPI document, the
 * build's own files (its HTML's heading ids, its twins, llms.txt, unknowns.json),
 * tests/fixtures/ and the relevance set (tools/search-relevance-set.ts), never
 * from mcp/ or the search engine it runs; one size is a measurement of the
 * answer before this server's answers were compact (CREATE_CHARGE_BYTES_BEFORE).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brand } from '../../src/brand';
import type { DocumentNode } from '../../src/openapi/document';
import { SERVER_JS, startServer, type ServerProcess } from '../../tools/mcp-client';
import { calls as specCalls, chargeFiatSymbols, entities, networks, queryParameters, requiredFields, tags } from '../fixtures/spec';
import { relevanceSet } from '../../tools/search-relevance-set';
import { questionSet } from '../../tools/search-question-set';
import { call as documentedCall, deref, doc, documentedUrl, requestExamples, responseOf } from '../openapi';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { freePort, serveBuild } from '../../tools/servers';
import { assertBuilt, BUILD_DIR } from './build-output';
import { FIRST_HITS } from '../mcp-questions';
import { fileOfRoute } from '../../src/built/pages';

const ROOT = path.resolve(__dirname, '../..');
const CONNECTION_LOG = path.join(ROOT, 'tests/connection-log.ts');
const HEAP_MB = 96;

let site: { base: string; stop: () => void };
let sandbox: RunningSandbox;
let server: ServerProcess;

before(async () => {
  assertBuilt();
  [site, sandbox] = await Promise.all([serveBuild(BUILD_DIR, '/llms.txt'), startSandbox()]);
  // A heap of 96 MB (V8's old space): the server's live data fits with room to spare (npm run bench:mcp measures
  // its memory over many calls).
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

test('lists the nine tools, each with a description and a JSON schema of its input', async () => {
  const { tools } = await server.client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  assert.deepEqual([...byName.keys()].sort(), [
    'get_operation',
    'get_schema',
    'list_operations',
    'list_pages',
    'list_unknowns',
    'read_page',
    'search_docs',
    'try_in_sandbox',
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
  const { tools } = await server.client.listTools();
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

type Hits = { hits: Array<{ url: string; page: string; heading?: string; text: string }> };

test('search_docs ranks questions by what they ask: authentication above the errors, a schema’s page for its fields', async () => {
  const question = (await ok('search_docs', { query: 'How do I authenticate my API requests?' })) as Hits;
  const headingOf = (hit: Hits['hits'][number]) => (hit.heading ?? hit.page).toLowerCase();
  const firstAuth = question.hits.findIndex((h) => /authentication/.test(headingOf(h).split(' › ').at(-1)!));
  const firstErrors = question.hits.findIndex((h) => /\berrors?\b/.test(headingOf(h)));
  assert.equal(firstAuth, 0, `an authentication section first: ${question.hits.map(headingOf).join(' | ')}`);
  assert.ok(firstErrors < 0 || firstErrors > firstAuth);

  const payout = (await ok('search_docs', { query: 'Payout fields' })) as Hits;
  assert.ok(fs.existsSync(path.join(BUILD_DIR, 'api/schemas/payout.md')));
  assert.equal(payout.hits[0].url, siteUrl('/api/schemas/payout'));
});

test('search_docs: a hit on a heading carries the text under it, not the heading again', async () => {
  for (const query of ['invoice statuses', 'update checkout', 'payout error 1002', 'Payout fields', 'charge statuses']) {
    for (const hit of ((await ok('search_docs', { query, limit: 10 })) as Hits).hits) {
      const heading = hit.heading?.split(' › ').at(-1) ?? hit.page;
      assert.notEqual(hit.text.trim(), heading.trim(), `${query}: ${hit.url} repeats its heading`);
    }
  }
});

test('read_page gives the Markdown twin the site publishes, from a path or a URL', async () => {
  const expected = twinOnDisk('/guides/charges/creating');
  for (const page of [
    '/guides/charges/creating',
    'guides/charges/creating.md',
    '/guides/charges/creating/',
    siteUrl('/guides/charges/creating'),
    `${brand.siteUrl}/guides/charges/creating.md`,
  ]) {
    assert.equal(await ok('read_page', { page }), expected, page);
  }
  assert.equal(await ok('read_page', { page: '/api/send-mass-payout' }), twinOnDisk('/api/send-mass-payout'));
});

/** The headings of a built page with their ids, from its HTML: [id, level, text]. */
function htmlHeadings(route: string): Array<[id: string, level: number, text: string]> {
  const file = fileOfRoute(BUILD_DIR, route);
  assert.ok(file, `${route} is built`);
  const html = fs.readFileSync(file, 'utf8');
  const article = html.slice(html.indexOf('<article'), html.lastIndexOf('</article>'));
  // The build minifies its HTML: an id may stand without quotes.
  return [...article.matchAll(/<h([2-6])[^>]*\sid=("?)([^"\s>]+)\2[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => [
    m[3],
    Number(m[1]),
    m[4]
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z#0-9]+;|\u200b/g, '') // the heading's anchor link: an entity or a zero-width space
      .trim(),
  ]);
}

/** The section of a twin under the heading of `level` whose text is `text`: its line and the lines up to the next heading as high. */
function twinSection(route: string, level: number, text: string): string {
  const lines = twinOnDisk(route).split('\n');
  const headingAt = (line: string) => /^(#{1,6}) (.*)$/.exec(line);
  const start = lines.findIndex((line) => {
    const h = headingAt(line);
    return h !== null && h[1].length === level && h[2].replace(/[`*]/g, '').trim() === text;
  });
  assert.ok(start >= 0, `${route} has the heading ${'#'.repeat(level)} ${text}`);
  const end = lines.findIndex((line, i) => i > start && (headingAt(line)?.[1].length ?? 99) <= level);
  return `${lines
    .slice(start, end < 0 ? undefined : end)
    .join('\n')
    .replace(/\n+$/, '')}\n`;
}

test('read_page with an anchor gives that section only, and names the anchors when one is unknown', async () => {
  const route = '/guides/charges/creating';
  const headings = htmlHeadings(route);
  const [, level, textOf] = headings.find(([id]) => id === 'fixed-price')!;
  const section = (await ok('read_page', { page: `${route}#fixed-price` })) as string;
  assert.equal(section, twinSection(route, level, textOf));
  assert.ok(section.length < twinOnDisk(route).length / 4, 'a section is a part of the page');
  // From a search hit's URL too, and every section of the page is found.
  for (const [id, l, t] of headings) assert.equal(await ok('read_page', { page: siteUrl(`${route}#${id}`) }), twinSection(route, l, t), id);

  const unknown = await refused('read_page', { page: `${route}#request` });
  assert.match(unknown, /\/guides\/charges\/creating has no section #request/);
  for (const [id] of headings) assert.ok(unknown.includes(`#${id}`), `the error lists #${id}`);
});

type Gap = { route: string; heading: string; topic: string; text: string };
const gaps = () => (JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8')) as { unknowns: Gap[] }).unknowns;

test('read_page adds the page’s marks of what is not documented yet that the text returned does not show', async () => {
  // A page with marks, read by a section that holds none of them.
  const route = '/guides/charges/statuses';
  const marks = gaps().filter((g) => g.route === route);
  assert.ok(marks.length > 0);
  const [id, level, text] = htmlHeadings(route).find(([, l, t]) => {
    const part = twinSection(route, l, t);
    return marks.every((m) => !part.includes(m.text));
  })!;
  const answer = await callOn(server, 'read_page', { page: `${route}#${id}` });
  const [, block] = answer.text.split(`${twinSection(route, level, text)}\n`);
  assert.ok(block, 'a block of marks follows the section');
  for (const mark of marks) assert.ok(block.includes(mark.text), mark.topic);
  // The whole page shows its marks in its text, with their code (a mass payout `id`): no block repeats them.
  assert.equal(await ok('read_page', { page: route }), twinOnDisk(route));
  assert.equal(await ok('read_page', { page: '/guides/mass-payouts' }), twinOnDisk('/guides/mass-payouts'));
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

/** get_operation("createCharge")'s answer before answers were compact: pretty-printed JSON with every response (measured). */
const CREATE_CHARGE_BYTES_BEFORE = 40_737;

test('get_operation answers in compact JSON, without its responses or with one status when asked', async () => {
  const full = await callOn(server, 'get_operation', { operation: 'createCharge' });
  assert.equal(full.text, JSON.stringify(JSON.parse(full.text)), 'compact JSON');
  const documented = documentedCall('createCharge');
  const statuses = Object.keys(documented.op.responses);

  const lean = await callOn(server, 'get_operation', { operation: 'createCharge', responses: false });
  const size = Buffer.byteLength(lean.text);
  console.log(`# get_operation(createCharge): ${Buffer.byteLength(full.text)} bytes, ${size} without its responses`);
  assert.ok(size <= CREATE_CHARGE_BYTES_BEFORE / 3, `${size} bytes is more than a third of ${CREATE_CHARGE_BYTES_BEFORE}`);
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

/** The component schemas a node of the document uses, following $refs (the test's own walk). */
function schemasUsed(node: DocumentNode, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => schemasUsed(item, found));
  else if (node && typeof node === 'object') {
    const ref = node.$ref as string | undefined;
    const name = ref?.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
    if (name && !found.has(name)) {
      found.add(name);
      schemasUsed(deref(node), found);
    } else if (ref && !name) schemasUsed(deref(node), found);
    Object.values(node).forEach((value) => schemasUsed(value, found));
  }
  return found;
}

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
      ...gaps()
        .filter((g) => routes.has(g.route))
        .map((g) => g.topic),
    ]);
    const answer = (await ok('get_operation', { operation: operationId, responses: false })) as DocumentNode;
    assert.deepEqual(new Set(answer.notDocumentedYet.map((m: DocumentNode) => m.topic)), expected, operationId);
    assert.ok(expected.size > 0, `${operationId} has marks to show`);
    for (const mark of answer.notDocumentedYet) assert.ok(mark.notDocumentedYet && mark.page.startsWith(site.base), operationId);
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

/** Every call and webhook of the document with the component schemas it uses (the test's own walk). */
const operationsOfDocument = (): Array<[operationId: string, schemas: Set<string>]> =>
  [...Object.values<DocumentNode>(doc.paths), ...Object.values<DocumentNode>(doc.webhooks)].flatMap((item) =>
    Object.values<DocumentNode>(item)
      .filter((op) => op && typeof op === 'object' && typeof op.operationId === 'string')
      .map((op): [string, Set<string>] => [
        op.operationId,
        schemasUsed([item.parameters ?? [], op.parameters ?? [], op.requestBody ?? null, op.responses ?? {}]),
      ]),
  );

test('the objects a page names that no call takes or returns are said to have no documented calls', async () => {
  const used = new Set(operationsOfDocument().flatMap(([, schemas]) => [...schemas]));
  const route = '/help-center/withdrawal/fiat';
  const named = [...twinOnDisk(route).matchAll(/`([A-Za-z][A-Za-z0-9]*)`/g)].map((m) => m[1]).filter((n) => n in doc.components.schemas);
  const withoutCalls = [...new Set(named)].filter((name) => !used.has(name));
  assert.ok(withoutCalls.includes('FiatWithdrawal'), 'the fiat withdrawal page names an object without calls');
  const answer = await callOn(server, 'read_page', { page: route });
  const [page, block] = answer.text.split(`${twinOnDisk(route)}\n`);
  assert.equal(page, '', 'the page first, as published');
  const listed = /takes or returns, so the API calls for them are not documented: (.*)\.$/m.exec(block)?.[1];
  assert.deepEqual(
    listed
      ?.split(', ')
      .map((n) => n.replace(/`/g, ''))
      .sort(),
    withoutCalls.sort(),
  );

  const fiat = (await ok('get_schema', { name: 'FiatWithdrawal' })) as DocumentNode;
  assert.deepEqual(fiat.calls, []);
  assert.match(fiat.note, /No call or webhook .* takes or returns it/);
  const charge = (await ok('get_schema', { name: 'Charge' })) as DocumentNode;
  assert.deepEqual(
    [...charge.calls].sort(),
    operationsOfDocument()
      .filter(([, schemas]) => schemas.has('Charge'))
      .map(([id]) => id)
      .sort(),
  );
  assert.equal(charge.note, undefined);
});

test('list_unknowns("webhook") finds what "callback" finds', async () => {
  const callback = gaps().filter((g) => [g.topic, g.text, g.heading].some((s) => s.toLowerCase().includes('callback')));
  assert.ok(callback.length > 0);
  const byCallback = (await ok('list_unknowns', { topic: 'callback' })) as DocumentNode;
  const byWebhook = (await ok('list_unknowns', { topic: 'webhook' })) as DocumentNode;
  const topics = (answer: DocumentNode) => new Set(answer.unknowns.map((u: DocumentNode) => `${u.page} ${u.topic}`));
  assert.deepEqual(topics(byCallback), new Set(callback.map((g) => `${siteUrl(g.route)} ${g.topic}`)));
  assert.deepEqual(topics(byWebhook), topics(byCallback));
});

test('list_unknowns finds a mark in any word form: "rate limit" finds both rate-limit marks, as "rate-limits" does', async () => {
  const rateLimit = gaps().filter((g) => /rate[- ]limit/i.test([g.topic, g.text, g.heading].join(' ')));
  assert.ok(rateLimit.length >= 2, `${rateLimit.length} rate-limit marks`);
  const topics = (answer: DocumentNode) => new Set(answer.unknowns.map((u: DocumentNode) => u.topic as string));
  for (const topic of ['rate limit', 'rate-limits', 'Rate limits', 'rate_limit']) {
    assert.deepEqual(topics((await ok('list_unknowns', { topic })) as DocumentNode), new Set(rateLimit.map((g) => g.topic)), topic);
  }
});

test("search_docs answers questions in readers' words as the engine does, and read_page serves every link it gives", async () => {
  let hits3 = 0;
  let reciprocal = 0;
  const links = new Set<string>();
  for (const q of questionSet) {
    const answer = (await ok('search_docs', { query: q.query, limit: 8 })) as Hits;
    const pages = answer.hits.map((h) => new URL(h.url).pathname);
    const rank = pages.findIndex((p) => q.pages.includes(p)) + 1;
    if (rank >= 1 && rank <= 3) hits3++;
    reciprocal += rank ? 1 / rank : 0;
    for (const hit of answer.hits) {
      links.add(hit.url);
      assert.ok(hit.text.trim() && !/^Fields of \S+$/.test(hit.text), `${q.query}: ${hit.url} answers with "${hit.text}"`);
    }
  }
  const mrr = reciprocal / questionSet.length;
  assert.ok(hits3 / questionSet.length >= 0.9, `hit@3 ${hits3}/${questionSet.length}`);
  assert.ok(mrr >= 0.85, `MRR ${mrr.toFixed(3)}`);
  for (const link of [...links].filter((l) => l.includes('#'))) await ok('read_page', { page: link });
  // Table rows: the section that holds the row.
  for (const [page, heading, row] of [
    ['/guides/payouts#payout-error-1003', 'Payout error codes', '1003'],
    ['/api/widgets#kyc-failed', '', 'failed'],
    ['/guides/first-steps/api-key#http-451', '', '451'],
    ['/guides/charges/statuses#timeline-refunded', '', 'refunded'],
  ]) {
    const section = (await ok('read_page', { page: siteUrl(page) })) as string;
    assert.match(section, /^#{2,6} /, `${page} gives a section`);
    if (heading) assert.ok(section.startsWith(`## ${heading}`), `${page}: ${section.slice(0, 60)}`);
    assert.ok(section.includes(row), `${page} holds its row`);
  }
});

test('list_pages lists the pages of llms.txt, by part of the site', async () => {
  const llms = fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
  const listed = [...llms.matchAll(/^- \[.*\]\((\S+?)\.md\)/gm)].map((m) => new URL(m[1]).pathname);
  const all = (await ok('list_pages', {})) as DocumentNode;
  const paths = Object.values(all.sections as Record<string, DocumentNode[]>).flatMap((pages) => pages.map((p) => p.path));
  assert.deepEqual(paths.sort(), [...listed].sort());
  assert.equal(all.count, listed.length);
  const help = (await ok('list_pages', { section: 'help-center' })) as DocumentNode;
  const helpPages = help.sections['Help Center'] as DocumentNode[];
  assert.deepEqual(Object.keys(help.sections), ['Help Center']);
  assert.deepEqual(
    helpPages.map((p) => p.path),
    listed.filter((p) => p.startsWith('/help-center')),
  );
  for (const page of helpPages) assert.ok(page.title && page.description && llms.includes(page.description), page.path);
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

  // Names that every object inherits are no schema's.
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    assert.match(await refused('get_schema', { name }), new RegExp(`No schema "${name}"`));
    await next();
  }
  // A page that is not an http(s) URL is named as given.
  for (const page of ['file:///etc/passwd', 'javascript:alert(1)']) {
    const message = await refused('read_page', { page });
    assert.ok(message.includes(`"${page}" is a ${page.split(':')[0]}: URL`) && !message.includes('null'), message);
    await next();
  }
  // try_in_sandbox sends to the local sandbox only: an operation with a host is refused, not sent to the sandbox.
  for (const operation of ['GET http://example.com/charges', `GET ${brand.sandboxApiUrl}/charges`]) {
    const message = await refused('try_in_sandbox', { operation, token: 't' });
    assert.match(message, /not on a server of the API|local sandbox .* only/);
    assert.ok(!message.includes('npm run sandbox`'), `no "is it running" hint: ${message}`);
    await next();
  }
  assert.match(await refused('get_operation', { operation: 'GET http://example.com/charges' }), /not on a server of the API/);
  await next();
  // No argument is dropped: a body for a call without one, a query parameter the call does not take, a token no header can carry.
  const sandboxRefusals: Array<[Record<string, unknown>, RegExp]> = [
    [{ operation: 'GET /charges', body: { a: 1 }, token: 't' }, /takes no body: nothing was sent/],
    [{ operation: 'GET /charges', query: { colour: 'red' }, token: 't' }, /takes no query parameter colour; its query parameters: /],
    [{ operation: 'GET /charges?colour=red', token: 't' }, /takes no query parameter colour/],
    [{ operation: 'GET /charges?limit=1', query: { limit: 2 }, token: 't' }, /limit is given twice/],
    [{ operation: 'GET /charges', token: 'a\nb' }, /line break/],
  ];
  for (const [args, expected] of sandboxRefusals) {
    const message = await refused('try_in_sandbox', args);
    assert.match(message, expected);
    assert.ok(!/Is it running/.test(message), `no "is it running" hint: ${message}`);
    await next();
  }
  // The query an operation string carries is sent.
  const limited = (await ok('try_in_sandbox', { operation: 'GET /charges?limit=1', token: 't' })) as DocumentNode;
  assert.equal(new URL(limited.request.url).searchParams.get('limit'), '1');
});

test('a message over 1 MB on stdio is refused unread with an error for its request, and the server goes on', async () => {
  for (const megabytes of [2, 11]) {
    const started = Date.now();
    await assert.rejects(
      server.client.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(megabytes * 1024 * 1024) } }),
      /Request too large: the message is \d+ bytes, and this server reads at most 1048576 bytes/,
    );
    assert.ok(Date.now() - started < 10_000, 'refused at once, not after a time-out');
    assert.equal(((await ok('get_schema', { name: 'Charge' })) as DocumentNode).name, 'Charge');
  }
  // A notification over the limit gets no answer (JSON-RPC answers no notification), and the server goes on.
  await server.client.transport!.send({ jsonrpc: '2.0', method: 'notifications/padded', params: { padding: 'x'.repeat(3 * 1024 * 1024) } });
  assert.equal(((await ok('get_schema', { name: 'Charge' })) as DocumentNode).name, 'Charge');
  assert.match(server.stderr(), /Request too large: the message is 3\d{6} bytes/);
});

test('a message that is not JSON gets a JSON-RPC parse error (-32700) with a null id, and the server goes on', async () => {
  const child = spawn(process.execPath, [SERVER_JS, '--site', site.base], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const answers = async (count: number) => {
    for (let i = 0; i < 100 && stdout.split('\n').filter(Boolean).length < count; i += 1) await new Promise((r) => setTimeout(r, 100));
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as DocumentNode);
  };
  try {
    child.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    child.stdin.write('\n');
    const [parseError] = await answers(1);
    assert.deepEqual({ ...parseError, error: { code: parseError.error.code } }, { jsonrpc: '2.0', id: null, error: { code: -32700 } });
    assert.match(parseError.error.message, /not JSON/);
    const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: init })}\n`);
    const [, initialized] = await answers(2);
    assert.equal(initialized.id, 2);
    assert.equal(initialized.result.serverInfo.name, 'crypto-payments-docs', 'a blank line got no answer; the next message did');
  } finally {
    child.kill();
  }
});

test('get_operation and the refusals name the sandbox the server was given, not the document’s default port', async () => {
  const answer = (await ok('get_operation', { operation: 'createCharge', responses: false })) as DocumentNode;
  const urls = (answer.urls as Array<{ url: string }>).map((u) => u.url);
  assert.ok(urls.includes(`${sandbox.baseUrl}/charges`), urls.join(', '));
  assert.ok(!JSON.stringify(answer).includes(new URL(brand.localSandboxApiUrl).host), 'no word of the default port');
  const message = await refused('get_operation', { operation: 'GET http://example.com/charges' });
  assert.ok(message.includes(new URL(sandbox.baseUrl).origin) && !message.includes(new URL(brand.localSandboxApiUrl).host), message);
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

test('a sandbox that answers but is refused says what happened, with no "is it running" hint', async () => {
  // A "sandbox" on this machine that answers every call with a redirect to another host.
  const redirecting = http.createServer((_req, res) => res.writeHead(302, { location: 'http://example.com/v2.0/charges' }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  const port = (redirecting.address() as AddressInfo).port;
  const target = await startServer(['--site', site.base, '--sandbox', `http://127.0.0.1:${port}/v2.0`]);
  try {
    const message = await refused('try_in_sandbox', { operation: 'createCharge', body: fixedPrice(), token: 't' }, target);
    assert.match(message, /answered with a redirect to http:\/\/example\.com, another host: not followed/);
    assert.ok(!/Is it running/.test(message), message);
  } finally {
    await target.close();
    await new Promise((resolve) => redirecting.close(resolve));
  }
});

/** Runs the built server with `args` and stdin closed; its exit code and output. */
async function runServer(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SERVER_JS, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCS_MCP_SITE: '', DOCS_MCP_SANDBOX: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
  return { code, stdout, stderr };
}

test('the server refuses a sandbox that is not on this machine, and a site that is not an http(s) URL', async () => {
  for (const args of [
    ['--sandbox', 'http://api.crypto-payments.example/v2.0'],
    ['--site', 'file:///etc'],
  ]) {
    // stdin is closed: a server that starts anyway ends at once (or is killed after 20 s) instead of waiting.
    const { code, stderr } = await runServer(args);
    assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
    assert.match(stderr, args[0] === '--sandbox' ? /--sandbox must be on this machine/ : /--site must be an http\(s\) URL/);
  }
  // A value from the environment is named by its variable, not by the option the reader did not use.
  for (const [variable, value, expected] of [
    ['DOCS_MCP_SITE', 'not a url', /DOCS_MCP_SITE must be an http\(s\) URL, got "not a url"/],
    ['DOCS_MCP_SANDBOX', 'http://api.crypto-payments.example/v2.0', /DOCS_MCP_SANDBOX must be on this machine/],
  ] as const) {
    const { code, stderr } = await runServer([], { [variable]: value });
    assert.equal(code, 2, stderr);
    assert.match(stderr, expected);
    assert.ok(!/--site|--sandbox must/.test(stderr), stderr);
  }
});

test('--help and -h list every option, both environment variables and the default site; an unknown option is an error', async () => {
  for (const flag of ['--help', '-h']) {
    const { code, stdout } = await runServer([flag]);
    assert.equal(code, 0);
    for (const word of ['--site', '--sandbox', '--http', '--help', '-h', '--version', 'DOCS_MCP_SITE', 'DOCS_MCP_SANDBOX', brand.siteUrl]) {
      assert.ok(stdout.includes(word), `${flag} names ${word}`);
    }
    assert.match(stdout, /Inspector/);
  }
  for (const args of [['--stie', 'http://127.0.0.1:3000'], ['extra'], ['--site'], ['--http', 'nine'], ['--site', 'a', '--site', 'b']]) {
    const { code, stdout, stderr } = await runServer(args);
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.match(
      stderr,
      /unknown option --stie|unexpected argument "extra"|--site takes a value|--http takes \[HOST:\]PORT|--site is given twice/,
    );
  }
});

test('200 calls in a row, every tool in turn, under a 96 MB heap: all answer', async () => {
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
