/**
 * Requests that break a validation rule of the specification (tests/fixtures/spec.ts, requestRules), each
 * built from a documented request example with one change: the sandbox's test sends them
 * (tests/unit/local-sandbox.test.ts), and the request checker's test runs them through both engines
 * (tests/unit/request-check.test.ts).
 */
import assert from 'node:assert/strict';
import type { DocumentNode } from '../src/openapi/document';
import { call, requestExamples } from './openapi';
import * as spec from './fixtures/spec';

/** A copy of a documented request example, changed by `change`. */
export function broken(operationId: string, example: string, change: (body: DocumentNode) => void): DocumentNode {
  const found = requestExamples(call(operationId)).find(([name]) => name === example);
  assert.ok(found, `${operationId} has the request example ${example}`);
  const body = structuredClone(found[1]);
  change(body);
  return body;
}

export interface BrokenRule {
  readonly rule: string;
  readonly body: DocumentNode;
  /** The fields the 422 must name. */
  readonly targets: readonly string[];
}

const tooLongExternalId = 'x'.repeat(spec.limits.externalIdMaxLength + 1);

/** The validation rules of the specification (tests/fixtures/spec.ts, requestRules): the rules of charge, invoice and mass payout create, each broken alone. */
export const brokenRules: Readonly<Record<string, readonly BrokenRule[]>> = {
  createCharge: [
    { rule: 'project_id is required', body: broken('createCharge', 'fixedPrice', (b) => delete b.project_id), targets: ['project_id'] },
    {
      rule: 'pricing_type is required',
      body: broken('createCharge', 'fixedPrice', (b) => delete b.pricing_type),
      targets: ['pricing_type'],
    },
    {
      rule: 'fixed_price needs fiat_price',
      body: broken('createCharge', 'fixedPrice', (b) => delete b.fiat_price),
      targets: ['fiat_price'],
    },
    {
      rule: 'the fiat symbol of a charge is USD only',
      body: broken('createCharge', 'fixedPrice', (b) => (b.fiat_price.symbol = 'EUR')),
      targets: ['fiat_price.symbol'],
    },
    {
      rule: 'external_id takes letters, digits, colon, dot, underscore and hyphen',
      body: broken('createCharge', 'fixedPrice', (b) => (b.external_id = 'order #1042')),
      targets: ['external_id'],
    },
    {
      rule: 'external_id has at most 255 characters',
      body: broken('createCharge', 'fixedPrice', (b) => (b.external_id = tooLongExternalId)),
      targets: ['external_id'],
    },
    {
      rule: 'external_id has at least 1 character',
      body: broken('createCharge', 'fixedPrice', (b) => (b.external_id = '')),
      targets: ['external_id'],
    },
    { rule: 'crypto needs a symbol', body: broken('createCharge', 'noPrice', (b) => delete b.crypto.symbol), targets: ['crypto.symbol'] },
    {
      rule: 'crypto needs a network',
      body: broken('createCharge', 'noPrice', (b) => delete b.crypto.network),
      targets: ['crypto.network'],
    },
  ],
  createInvoice: [
    { rule: 'project_id is required', body: broken('createInvoice', 'example', (b) => delete b.project_id), targets: ['project_id'] },
    { rule: 'fiat_price is required', body: broken('createInvoice', 'example', (b) => delete b.fiat_price), targets: ['fiat_price'] },
    {
      rule: 'customer_email is required',
      body: broken('createInvoice', 'example', (b) => delete b.customer_email),
      targets: ['customer_email'],
    },
    {
      rule: 'void_after_seconds is an integer (not a string)',
      body: broken('createInvoice', 'example', (b) => (b.void_after_seconds = String(b.void_after_seconds))),
      targets: ['void_after_seconds'],
    },
    {
      rule: 'void_after_seconds is an integer (not a fraction)',
      body: broken('createInvoice', 'example', (b) => (b.void_after_seconds = 1.5)),
      targets: ['void_after_seconds'],
    },
  ],
  createMassPayout: [
    { rule: 'id is required', body: broken('createMassPayout', 'crypto', (b) => delete b.id), targets: ['id'] },
    { rule: 'payouts is required', body: broken('createMassPayout', 'crypto', (b) => delete b.payouts), targets: ['payouts'] },
    ...(['network', 'symbol', 'address', 'amount'] as const).map((field) => ({
      rule: `each payout needs ${field}`,
      body: broken('createMassPayout', 'crypto', (b) => delete b.payouts[1][field]),
      targets: [`payouts.1.${field}`],
    })),
    {
      rule: 'external_id takes letters, digits, colon, dot, underscore and hyphen',
      body: broken('createMassPayout', 'crypto', (b) => (b.external_id = 'payroll 2026/03')),
      targets: ['external_id'],
    },
  ],
};
