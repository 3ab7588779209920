/**
 * One validator: validate_request's engine (src/openapi/requestCheck.ts, Ajv's validators compiled ahead of
 * time by `npm run mcp:build` into mcp/dist/requestValidators.js, and the same plan compiled now) gives
 * the verdicts and the violations of the local sandbox's engine (Prism, src/openapi/prism.ts, with the
 * violation finder as local-sandbox/server.ts runs it) on every documented example of every call and on every
 * violation the sandbox's tests send (tests/request-cases.ts and the URLs of tests/unit/local-sandbox.test.ts).
 * The compiled module holds no `eval` and no `new Function`: it runs in workerd.
 *
 * Run: npm run mcp:build && node --import tsx --test tests/unit/request-check.test.ts
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { IHttpRequest } from '@stoplight/prism-http';
import { openapiDocument, operations, type DocumentNode, type OperationEntry } from '../../src/openapi/document';
import { prismEngine, refusalDiagnostics, type PrismEngine, type PrismRefusal } from '../../src/openapi/prism';
import { documentFingerprint, queryRecord, requestChecker, type RequestChecker, type Validate } from '../../src/openapi/requestCheck';
import { compileRequestSchemas } from '../../src/openapi/requestSchemas';
import { schemaValidator } from '../../src/openapi/schemas';
import { violationFinder, type Diagnostic, type Violation } from '../../src/openapi/violations';
import { call, calls, documentedUrl, requestExamples } from '../openapi';
import { broken, brokenRules } from '../request-cases';
import * as spec from '../fixtures/spec';

const GENERATED = path.resolve(__dirname, '../../mcp/dist/requestValidators.js');

const doc = openapiDocument();
const entries = operations(doc).filter((e) => !e.webhook);
let engine: PrismEngine;
let ahead: RequestChecker;
let now: RequestChecker;
const explain = violationFinder(doc, schemaValidator(doc));

before(async () => {
  assert.ok(fs.existsSync(GENERATED), 'mcp/dist/requestValidators.js is missing: run `npm run mcp:build` first');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated CommonJS module, as the package's bundle loads it
  const generated = require(GENERATED) as { fingerprint: string; validators: Record<string, Validate> };
  assert.equal(generated.fingerprint, documentFingerprint(doc), 'the validators were compiled from this document: run `npm run mcp:build`');
  ahead = requestChecker(doc, entries, generated.validators);
  now = requestChecker(doc, entries, compileRequestSchemas(doc, entries));
  engine = await prismEngine(doc, { checkSecurity: false, name: 'request-check-test' });
});

/** Prism's verdict, as the sandbox reaches it (local-sandbox/server.ts) and as validate_request did before. */
async function prismVerdict(entry: OperationEntry, url: URL, body: unknown): Promise<{ valid: boolean; violations: Violation[] }> {
  const resource = engine.operations.find((r) => r.method === entry.method && r.path === entry.path);
  assert.ok(resource, `Prism knows ${entry.operationId}`);
  const result = await engine.prism.request(
    {
      method: entry.method as IHttpRequest['method'],
      url: { path: url.pathname, query: queryRecord(url.searchParams) },
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body,
    },
    [resource],
  )();
  let diagnostics: Diagnostic[];
  if (result._tag === 'Left') {
    const refused = refusalDiagnostics(result.left as PrismRefusal);
    assert.ok(refused, `Prism refused for another reason: ${(result.left as Error).message}`);
    diagnostics = refused;
  } else diagnostics = result.right.validations.input;
  const violations = explain(entry, body, diagnostics);
  return { valid: violations.length === 0, violations };
}

type Case = { name: string; operationId: string; url?: string; body?: unknown; valid: boolean };

const cases: Case[] = [
  // Every documented request: each example body (or none) with the documented path and query.
  ...calls.flatMap((c) => {
    const examples = requestExamples(c);
    return (examples.length ? examples : [['no body', undefined] as const]).map(([name, body]) => ({
      name: `${c.operationId} (${name}) as documented`,
      operationId: c.operationId,
      body: body as unknown,
      valid: true,
    }));
  }),
  // Every rule the sandbox's tests break.
  ...Object.entries(brokenRules).flatMap(([operationId, rules]) =>
    rules.map(({ rule, body }) => ({ name: `${operationId}: ${rule}`, operationId, body: body as unknown, valid: false })),
  ),
  {
    name: 'listCharges: limit above the maximum',
    operationId: 'listCharges',
    url: documentedUrl(call('listCharges')).replace(/([?&]limit=)\d+/, `$1${spec.limits.pageSizeMax + 1}`),
    valid: false,
  },
  {
    name: 'listDeposits: a network outside the enum',
    operationId: 'listDeposits',
    url: documentedUrl(call('listDeposits')).replace(/([?&]network=)[^&]*/, '$1solana'),
    valid: false,
  },
  {
    name: 'getRates without amount',
    operationId: 'getRates',
    url: documentedUrl(call('getRates')).replace(/[?&]amount=[^&]*/, ''),
    valid: false,
  },
  { name: 'listCharges: limit is no integer', operationId: 'listCharges', url: '/charges?limit=ten', valid: false },
  { name: 'listCharges: an empty limit is no limit', operationId: 'listCharges', url: '/charges?limit=', valid: true },
  { name: 'createCharge without its body', operationId: 'createCharge', valid: false },
  { name: 'createCharge with an empty body', operationId: 'createCharge', body: {}, valid: false },
  // What the sandbox's tests show it accepts.
  ...[
    ['createInvoice', broken('createInvoice', 'example', (b) => (b.void_after_seconds = null))],
    ['createInvoice', broken('createInvoice', 'example', (b) => (b.customer_email = 'x'))],
    ['createCheckout', broken('createCheckout', 'example', (b) => (b.return_url = 'thanks'))],
    ['createMassPayout', broken('createMassPayout', 'crypto', (b) => (b.callback_url = 'payouts'))],
  ].map(([operationId, body]) => ({
    name: `${operationId as string}: accepted as the sandbox accepts it`,
    operationId: operationId as string,
    body,
    valid: true,
  })),
];

test('the request cases cover every call and every broken rule', () => {
  assert.equal(new Set(cases.filter((c) => c.valid && c.name.endsWith('as documented')).map((c) => c.operationId)).size, calls.length);
  assert.equal(cases.filter((c) => !c.valid).length, Object.values(brokenRules).flat().length + 6);
});

for (const c of cases) {
  test(`${c.name}: the same verdict and violations as the sandbox's Prism`, async () => {
    const entry = entries.find((e) => e.operationId === c.operationId)!;
    const url = new URL(c.url ?? documentedUrl(call(c.operationId)), 'http://sandbox.invalid');
    const body = c.body === undefined ? undefined : (structuredClone(c.body) as DocumentNode);
    const expected = await prismVerdict(entry, url, body);
    assert.equal(expected.valid, c.valid, `the sandbox's verdict: ${JSON.stringify(expected.violations)}`);
    const query = queryRecord(url.searchParams);
    assert.deepEqual(ahead(entry, url.pathname, body, query), expected, 'compiled ahead of time');
    assert.deepEqual(now(entry, url.pathname, body, query), expected, 'compiled now');
  });
}

test('the compiled module holds no eval and no new Function (workerd runs it)', () => {
  const code = fs.readFileSync(GENERATED, 'utf8');
  assert.ok(!/\bnew Function\b|\beval\(/.test(code));
});
