/**
 * Checks openapi/v2.0.yaml against the facts of the specification, as copied by hand
 * into tests/fixtures/spec.ts, and checks that every example in the document
 * is valid against its own schema.
 *
 * Run: node --import tsx --test tests/unit/*.test.ts
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brand } from '../../src/brand';
import { openapiDocument, operations, resolveRef, type DocumentNode } from '../../src/openapi/document';
import { schemaValidator } from '../../src/openapi/schemas';
import * as spec from '../fixtures/spec';
import { hedgingPhrases } from '../fixtures/hedging';

const doc: DocumentNode = openapiDocument();

interface Operation {
  readonly where: string;
  readonly path: string;
  readonly method: string;
  readonly op: DocumentNode;
  /** Path-level parameters followed by the operation's own. */
  readonly parameters: DocumentNode[];
  readonly webhook: boolean;
}

/** Follows a local `$ref` ("#/components/...") until a node without `$ref`. */
const deref = (node: DocumentNode): DocumentNode => resolveRef(doc, node);

/** The document's operations as its one reader walks them (src/openapi/document.ts). */
function listOperations(): Operation[] {
  return operations(doc).map((entry) => ({
    where: `${entry.webhook ? 'webhook' : 'path'} ${entry.method.toUpperCase()} ${entry.path}`,
    path: entry.path,
    method: entry.method,
    op: entry.operation,
    parameters: entry.parameters,
    webhook: entry.webhook,
  }));
}

const documentOperations = listOperations();
const pathOperations = documentOperations.filter((o) => !o.webhook);

function findOperation(method: string, path: string): Operation | undefined {
  return pathOperations.find((o) => o.method === method && o.path === path);
}

function schemaNamed(name: string): DocumentNode {
  const schema = doc.components?.schemas?.[name];
  assert.ok(schema, `component schema ${name} is missing`);
  return schema;
}

/** True when a response body schema is the `{success: boolean, data}` envelope. */
function isEnvelope(schemaNode: DocumentNode): boolean {
  const schema = deref(schemaNode);
  return (
    schema?.type === 'object' &&
    deref(schema.properties?.success)?.type === 'boolean' &&
    schema.properties?.data !== undefined &&
    Array.isArray(schema.required) &&
    schema.required.includes('success') &&
    schema.required.includes('data')
  );
}

// ---------------------------------------------------------------- validation

const validator = schemaValidator(doc);

/** Validates a value against a schema of the document; returns the error text, or null when valid. */
const validate = (schema: DocumentNode, value: unknown): string | null => validator.errorsText(schema, value);

interface Example {
  readonly where: string;
  readonly schema: DocumentNode;
  readonly value: unknown;
}

function mediaTypeExamples(where: string, mediaType: DocumentNode): Example[] {
  const found: Example[] = [];
  if (!mediaType?.schema) return found;
  if (mediaType.example !== undefined) found.push({ where: `${where} example`, schema: mediaType.schema, value: mediaType.example });
  for (const [name, example] of Object.entries<DocumentNode>(mediaType.examples ?? {})) {
    found.push({ where: `${where} examples.${name}`, schema: mediaType.schema, value: deref(example).value });
  }
  return found;
}

function parameterExamples(where: string, parameter: DocumentNode): Example[] {
  const found: Example[] = [];
  if (parameter.example !== undefined)
    found.push({ where: `${where} param ${parameter.name}`, schema: parameter.schema, value: parameter.example });
  for (const [name, example] of Object.entries<DocumentNode>(parameter.examples ?? {})) {
    found.push({ where: `${where} param ${parameter.name} examples.${name}`, schema: parameter.schema, value: deref(example).value });
  }
  return found;
}

/** Every schema-level `examples` array inside a schema tree. */
function schemaExamples(where: string, schema: DocumentNode): Example[] {
  const found: Example[] = [];
  const walk = (node: DocumentNode, at: string) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, `${at}/${index}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node.examples)) {
      node.examples.forEach((value: unknown, index: number) => found.push({ where: `${at} examples[${index}]`, schema: node, value }));
    }
    for (const [key, child] of Object.entries<DocumentNode>(node)) {
      if (key === 'examples' || key === 'example' || key === 'x-enumDescriptions') continue;
      if (key === 'properties' && child && typeof child === 'object') {
        for (const [property, subschema] of Object.entries<DocumentNode>(child)) walk(subschema, `${at}/properties/${property}`);
      } else {
        walk(child, `${at}/${key}`);
      }
    }
  };
  walk(schema, where);
  return found;
}

function collectExamples(): Example[] {
  const found: Example[] = [];
  for (const operation of documentOperations) {
    for (const parameter of operation.parameters) found.push(...parameterExamples(operation.where, parameter));
    const body = deref(operation.op.requestBody);
    for (const [type, mediaType] of Object.entries<DocumentNode>(body?.content ?? {})) {
      found.push(...mediaTypeExamples(`${operation.where} request ${type}`, mediaType));
    }
    for (const [status, responseNode] of Object.entries<DocumentNode>(operation.op.responses ?? {})) {
      const response = deref(responseNode);
      for (const [type, mediaType] of Object.entries<DocumentNode>(response?.content ?? {})) {
        found.push(...mediaTypeExamples(`${operation.where} ${status} ${type}`, mediaType));
      }
    }
  }
  const components = doc.components ?? {};
  for (const [name, parameter] of Object.entries<DocumentNode>(components.parameters ?? {})) {
    found.push(...parameterExamples(`components.parameters.${name}`, parameter));
  }
  for (const [name, body] of Object.entries<DocumentNode>(components.requestBodies ?? {})) {
    for (const [type, mediaType] of Object.entries<DocumentNode>(body.content ?? {})) {
      found.push(...mediaTypeExamples(`components.requestBodies.${name} ${type}`, mediaType));
    }
  }
  for (const [name, response] of Object.entries<DocumentNode>(components.responses ?? {})) {
    for (const [type, mediaType] of Object.entries<DocumentNode>(response.content ?? {})) {
      found.push(...mediaTypeExamples(`components.responses.${name} ${type}`, mediaType));
    }
  }
  for (const [name, schema] of Object.entries<DocumentNode>(components.schemas ?? {})) {
    found.push(...schemaExamples(`#/components/schemas/${name}`, schema));
  }
  return found;
}

function hasExample(mediaType: DocumentNode): boolean {
  return mediaType?.example !== undefined || Object.keys(mediaType?.examples ?? {}).length > 0;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

// --------------------------------------------------------------------- tests

describe('the calls the specification lists (tests/fixtures/spec.ts, calls)', () => {
  test('every call exists with its operationId, summary, description, one tag and an enveloped 200', () => {
    for (const call of spec.calls) {
      const operation = findOperation(call.method, call.path);
      assert.ok(operation, `${call.method.toUpperCase()} ${call.path} is missing`);
      const { op, where } = operation;
      assert.equal(op.operationId, call.operationId, `${where} operationId`);
      assert.ok(typeof op.summary === 'string' && op.summary.trim().length > 0, `${where} has no summary`);
      assert.ok(op.summary.length <= 60, `${where} summary is not short`);
      assert.ok(typeof op.description === 'string' && op.description.trim().length > 0, `${where} has no description`);
      assert.ok(Array.isArray(op.tags) && op.tags.length === 1, `${where} must have exactly one tag`);
      const successStatus = ['200', '202'].find((status) => op.responses?.[status]);
      assert.ok(successStatus, `${where} has no 200 or 202 response`);
      const success = deref(op.responses[successStatus]);
      const schema = success.content?.['application/json']?.schema;
      assert.ok(schema, `${where} ${successStatus} has no application/json body`);
      assert.ok(isEnvelope(schema), `${where} ${successStatus} body is not the {success, data} envelope`);
    }
  });

  test('no path or method exists beyond the calls of the specification', () => {
    const expected = spec.calls.map((c) => `${c.method} ${c.path}`).sort();
    const actual = pathOperations.map((o) => `${o.method} ${o.path}`).sort();
    assert.deepEqual(actual, expected);
  });

  test('operationIds are unique', () => {
    const ids = documentOperations.map((o) => o.op.operationId);
    assert.equal(new Set(ids).size, ids.length);
  });

  test('query parameters are exactly the ones the specification lists', () => {
    for (const operation of pathOperations) {
      const expected = [...(spec.queryParameters[operation.op.operationId] ?? [])].sort();
      const actual = operation.parameters
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
      assert.deepEqual(actual, expected, `${operation.where} query parameters`);
    }
  });

  test('every {id} path declares its path parameter', () => {
    for (const operation of pathOperations.filter((o) => o.path.includes('{id}'))) {
      const id = operation.parameters.find((p) => p.in === 'path' && p.name === 'id');
      assert.ok(id?.required, `${operation.where} lacks a required id path parameter`);
    }
  });

  test('pagination parameters: limit 1..100 default 25, offset >= 0 default 0, order asc|desc', () => {
    const { Limit, Offset, Order } = doc.components.parameters;
    assert.deepEqual(
      { min: Limit.schema.minimum, max: Limit.schema.maximum, default: Limit.schema.default, type: Limit.schema.type },
      { min: spec.limits.pageSizeMin, max: spec.limits.pageSizeMax, default: spec.limits.pageSizeDefault, type: 'integer' },
    );
    assert.deepEqual(
      { min: Offset.schema.minimum, default: Offset.schema.default, type: Offset.schema.type },
      { min: spec.limits.offsetMin, default: spec.limits.offsetDefault, type: 'integer' },
    );
    assert.deepEqual(deref(Order.schema).enum, [...spec.sortOrders]);
    for (const operationId of ['listCharges', 'listConversions']) {
      const operation = pathOperations.find((o) => o.op.operationId === operationId);
      const refs = (operation?.op.parameters ?? []).map((p: DocumentNode) => p.$ref);
      for (const name of ['Order', 'Limit', 'Offset']) {
        assert.ok(refs.includes(`#/components/parameters/${name}`), `${operationId} must use the shared ${name} parameter`);
      }
      const success = deref(operation?.op.responses['200']).content['application/json'].schema;
      assert.equal(success.properties.pagination?.$ref, '#/components/schemas/Pagination', `${operationId} carries pagination`);
    }
  });
});

describe('tags', () => {
  test('are declared in the order of the reference', () => {
    assert.deepEqual(
      doc.tags.map((t: DocumentNode) => t.name),
      [...spec.tags],
    );
    for (const tag of doc.tags) assert.ok(tag.description?.trim(), `tag ${tag.name} has no description`);
  });

  test('every operation uses one of them', () => {
    for (const operation of pathOperations) {
      for (const tag of operation.op.tags ?? []) {
        assert.ok((spec.tags as readonly string[]).includes(tag), `${operation.where} uses unknown tag ${tag}`);
      }
    }
  });
});

describe('the entities the specification lists (tests/fixtures/spec.ts, entities)', () => {
  test('every entity is a component schema with at least the fields the specification gives', () => {
    for (const [name, fields] of Object.entries(spec.entities)) {
      const schema = deref(schemaNamed(name));
      const properties = Object.keys(schema.properties ?? {});
      const missing = fields.filter((field) => !properties.includes(field));
      assert.deepEqual(missing, [], `${name} lacks fields`);
    }
  });

  test('required lists include what the specification requires', () => {
    for (const [name, fields] of Object.entries(spec.requiredFields)) {
      const schema = deref(schemaNamed(name));
      const missing = fields.filter((field) => !(schema.required ?? []).includes(field));
      assert.deepEqual(missing, [], `${name} required list`);
    }
  });

  test('the charge create body requires project_id and pricing_type, and fiat_price for fixed_price', () => {
    const body = schemaNamed('ChargeCreateRequest');
    const base = { project_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b' };
    assert.equal(validate(body, { ...base, pricing_type: 'no_price' }), null);
    assert.notEqual(validate(body, { ...base }), null, 'pricing_type is required');
    assert.notEqual(validate(body, { pricing_type: 'no_price' }), null, 'project_id is required');
    assert.notEqual(validate(body, { ...base, pricing_type: 'fixed_price' }), null, 'fiat_price is required for fixed_price');
    assert.equal(validate(body, { ...base, pricing_type: 'fixed_price', fiat_price: { amount: '10.00', symbol: 'USD' } }), null);
    assert.notEqual(
      validate(body, { ...base, pricing_type: 'fixed_price', fiat_price: { amount: '10.00', symbol: 'EUR' } }),
      null,
      'the fiat symbol for charges is USD only',
    );
    assert.notEqual(validate(body, { ...base, pricing_type: 'no_price', crypto: { network: 'tron' } }), null, 'crypto needs a symbol');
  });

  test('amounts are strings', () => {
    const offenders: string[] = [];
    for (const [name, schema] of Object.entries<DocumentNode>(doc.components.schemas)) {
      const walk = (node: DocumentNode, at: string) => {
        if (!node || typeof node !== 'object') return;
        for (const [property, subschema] of Object.entries<DocumentNode>(node.properties ?? {})) {
          // WidgetBuyRates.amount is a {from, to} pair of amounts (the specification's entities); its leaves are checked too.
          const isPair = subschema.$ref === '#/components/schemas/WidgetAmountPair';
          if (/^(amount|amount_.*|total_amount|total_fee|min_accepted_amount_usd)$/.test(property) && !isPair) {
            if (deref(subschema).type !== 'string') offenders.push(`${at}.${property}`);
          }
          walk(subschema, `${at}.${property}`);
        }
        for (const key of ['items', 'additionalProperties']) walk(node[key], at);
      };
      walk(schema, name);
    }
    assert.deepEqual(offenders, []);
  });

  test('nullable fields use a null type', () => {
    const accepts = (schemaName: string, property: string) => validate(schemaNamed(schemaName).properties[property], null) === null;
    for (const [schemaName, property] of [
      ['Charge', 'context'],
      ['ChargeTimelineItem', 'context'],
      ['CryptoPayment', 'address_from'],
      ['CryptoPayment', 'aml_level'],
      ['CryptoPayment', 'refund_id'],
      ['HostedPaymentPage', 'return_url'],
      ['HostedPaymentPage', 'theme'],
      ['TopupBankAccount', 'ticker'],
      ['WidgetCurrency', 'token_kind'],
      ['InvoiceCreateRequest', 'void_after_seconds'],
    ] as const) {
      assert.ok(accepts(schemaName, property), `${schemaName}.${property} must accept null`);
    }
    assert.ok(!accepts('Charge', 'status'), 'a non-nullable field must reject null');
  });

  test('the deprecated address of payments is marked deprecated', () => {
    for (const name of ['CryptoPayment', 'DepositPayment', 'TopupPayment']) {
      assert.equal(schemaNamed(name).properties.address.deprecated, true, `${name}.address`);
    }
  });

  test('defaults the specification states', () => {
    assert.equal(schemaNamed('MassPayoutCreateRequest').properties.with_confirmation.default, spec.defaults.massPayoutWithConfirmation);
    assert.equal(schemaNamed('RefundCreateRequest').properties.fee_payer.default, spec.defaults.refundFeePayer);
    assert.equal(schemaNamed('Widget').properties.is_enabled.default, spec.defaults.widgetIsEnabled);
    assert.equal(schemaNamed('Widget').properties.is_approved.default, spec.defaults.widgetIsApproved);
    assert.deepEqual(schemaNamed('SubmerchantRegisterRequest').properties.access_control_groups.default, [
      ...spec.defaults.submerchantAccessControlGroups,
    ]);
  });

  test("the specification's validation rules", () => {
    const ok = (name: string, value: unknown) => validate(schemaNamed(name), value) === null;
    assert.ok(ok('ExternalId', 'order-1042') && ok('ExternalId', 'a:b.c_d-1'));
    assert.ok(!ok('ExternalId', '') && !ok('ExternalId', 'order 1042') && !ok('ExternalId', 'x'.repeat(256)));
    assert.ok(ok('ExternalId', 'x'.repeat(spec.limits.externalIdMaxLength)));
    assert.ok(ok('UserName', "Jane O'Neil-Smith, Jr.") && ok('UserName', 'José Müller'));
    assert.ok(!ok('UserName', 'Jane1') && !ok('UserName', '') && !ok('UserName', 'a'.repeat(256)));
    assert.ok(ok('CompanyName', 'Acme "Trading" 24_7 Ltd.') && !ok('CompanyName', 'Acme & Co'));
    assert.ok(ok('CompanyWebsite', 'https://shop.example') && !ok('CompanyWebsite', `https://${'a'.repeat(250)}.example`));
    assert.ok(ok('CountryCodeAlpha3', 'DEU') && !ok('CountryCodeAlpha3', 'DE') && !ok('CountryCodeAlpha3', 'D3U'));
    assert.ok(ok('Password', '12345678') && !ok('Password', '1234567'));
    const contacts = schemaNamed('SignupDetails').properties.contacts;
    assert.equal(contacts.minItems, 1);
    assert.ok(!ok('Contact', { type: 'email', value: '' }) && !ok('Contact', { type: 'fax', value: '1' }));
    for (const name of ['ProjectRequest', 'Project']) {
      assert.equal(schemaNamed(name).properties.name.maxLength, spec.limits.textMaxLength);
      assert.equal(schemaNamed(name).properties.description.maxLength, spec.limits.textMaxLength);
    }
    const invoice = {
      project_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b',
      fiat_price: { amount: '250.00', symbol: 'USD' },
      customer_email: 'jane.doe@example.com',
    };
    assert.ok(ok('InvoiceCreateRequest', { ...invoice, void_after_seconds: spec.limits.invoiceVoidDelayExampleSeconds }));
    assert.ok(ok('InvoiceCreateRequest', { ...invoice, void_after_seconds: null }));
    assert.ok(!ok('InvoiceCreateRequest', { ...invoice, void_after_seconds: '3600' }));
    const report = schemaNamed('ReportCreateRequest').properties;
    assert.equal(report.date_from.format, 'date-time');
    assert.equal(report.date_to.format, 'date-time');
    const upload = schemaNamed('MassPayoutUploadRequest');
    assert.equal(upload.properties.payments.format, 'binary');
  });
});

describe('enums', () => {
  /** Fixture list -> the component schema that must carry exactly that enum. */
  const enumSchemas: ReadonlyArray<readonly [string, readonly (string | number)[], string]> = [
    ['statuses.Charge', spec.statuses.Charge, 'ChargeStatus'],
    ['statuses.Charge + timeline', [...spec.statuses.Charge, ...spec.chargeTimelineExtraStatuses], 'ChargeTimelineStatus'],
    ['statuses.Invoice', spec.statuses.Invoice, 'InvoiceStatus'],
    ['statuses.Payout', spec.statuses.Payout, 'PayoutStatus'],
    ['statuses.Mass payout', spec.statuses['Mass payout'], 'MassPayoutStatus'],
    ['statuses.Fiat withdrawal', spec.statuses['Fiat withdrawal'], 'FiatWithdrawalStatus'],
    ['statuses.Conversion', spec.statuses.Conversion, 'ConversionStatus'],
    ['statuses.Crypto / deposit payment', spec.statuses['Crypto / deposit payment'], 'PaymentStatus'],
    ['statuses.Payment exchange', spec.statuses['Payment exchange'], 'ExchangeStatus'],
    ['statuses.Submerchant', spec.statuses.Submerchant, 'SubmerchantStatus'],
    ['statuses.Ledger transaction', spec.statuses['Ledger transaction'], 'TransactionStatus'],
    ['statuses.Project', spec.statuses.Project, 'ProjectStatus'],
    ['statuses.AML level', spec.statuses['AML level'], 'AmlLevel'],
    ['statuses.Widget KYC', spec.statuses['Widget KYC'], 'WidgetKycStatus'],
    ['networks', spec.networks, 'Network'],
    ['symbols', spec.symbols, 'Symbol'],
    ['conversionNetworks', spec.conversionNetworks, 'ConversionNetwork'],
    ['conversionSymbols', spec.conversionSymbols, 'ConversionSymbol'],
    ['chargeContexts', spec.chargeContexts, 'ChargeContext'],
    ['transactionResources', spec.transactionResources, 'TransactionResource'],
    ['contactTypes', spec.contactTypes, 'ContactType'],
    ['pricingTypes', spec.pricingTypes, 'PricingType'],
    ['paymentPricingTypes', spec.paymentPricingTypes, 'PaymentPricingType'],
    ['chargeFiatSymbols', spec.chargeFiatSymbols, 'ChargeFiatSymbol'],
    ['cardPayoutSymbols', spec.cardPayoutSymbols, 'CardPayoutSymbol'],
    ['feePayers', spec.feePayers, 'FeePayer'],
    ['themes', spec.themes, 'Theme'],
    ['userTypes', spec.userTypes, 'UserType'],
    ['bankTransfers', spec.bankTransfers, 'BankTransfer'],
    ['bankCurrencies', spec.bankCurrencies, 'BankCurrency'],
    ['depositExchangeNetworks', spec.depositExchangeNetworks, 'DepositExchangeNetwork'],
    ['depositExchangeSymbols', spec.depositExchangeSymbols, 'DepositExchangeSymbol'],
    ['sortOrders', spec.sortOrders, 'SortOrder'],
    ['errorCodes', Object.keys(spec.errorCodes), 'ErrorCode'],
    ['payoutErrorCodes', Object.keys(spec.payoutErrorCodes).map(Number), 'PayoutErrorCode'],
    ['httpStatuses', Object.keys(spec.httpStatuses).map(Number), 'HttpStatus'],
  ];

  for (const [fixture, values, schemaName] of enumSchemas) {
    test(`${schemaName} equals fixture ${fixture}`, () => {
      assert.deepEqual(schemaNamed(schemaName).enum, [...values]);
    });
  }

  test('x-enumDescriptions only where the specification gives meanings, with its texts', () => {
    const described = Object.entries<DocumentNode>(doc.components.schemas)
      .filter(([, schema]) => schema['x-enumDescriptions'] !== undefined)
      .map(([name]) => name)
      .sort();
    assert.deepEqual(described, ['ErrorCode', 'HttpStatus', 'PayoutErrorCode', 'WidgetKycStatus']);
    const remedies = Object.fromEntries(Object.entries(spec.errorCodes).filter(([, remedy]) => remedy !== null));
    assert.deepEqual(schemaNamed('ErrorCode')['x-enumDescriptions'], remedies);
    assert.deepEqual(schemaNamed('PayoutErrorCode')['x-enumDescriptions'], Object.fromEntries(Object.entries(spec.payoutErrorCodes)));
    assert.deepEqual(schemaNamed('HttpStatus')['x-enumDescriptions'], Object.fromEntries(Object.entries(spec.httpStatuses)));
    assert.deepEqual(Object.keys(schemaNamed('WidgetKycStatus')['x-enumDescriptions']).sort(), Object.keys(spec.widgetKycMeanings).sort());
  });

  test('query filters use the enums of their entity', () => {
    const statusOf = (operationId: string) =>
      pathOperations.find((o) => o.op.operationId === operationId)?.parameters.find((p) => p.name === 'status')?.schema.$ref;
    assert.equal(statusOf('listCharges'), '#/components/schemas/ChargeStatus');
    assert.equal(statusOf('listInvoices'), '#/components/schemas/InvoiceStatus');
    assert.equal(statusOf('listDepositPayments'), '#/components/schemas/PaymentStatus');
    assert.equal(statusOf('listConversions'), '#/components/schemas/ConversionStatus');
  });
});

describe('examples', () => {
  const examples = collectExamples();

  test('the document has examples to check', () => {
    assert.ok(examples.length > 50, `only ${examples.length} examples found`);
  });

  test('every example validates against its schema', () => {
    const failures = examples
      .map((example) => ({ where: example.where, error: validate(example.schema, example.value) }))
      .filter((result) => result.error !== null)
      .map((result) => `${result.where}: ${result.error}`);
    assert.deepEqual(failures, []);
  });

  test('every request body and every 2xx JSON response has an example, except the DELETE answers the specification does not show', () => {
    const missing: string[] = [];
    for (const operation of documentOperations) {
      const body = deref(operation.op.requestBody);
      if (body) {
        const content = body.content ?? {};
        if (!Object.values<DocumentNode>(content).some(hasExample)) missing.push(`${operation.where} request body`);
        if (content['application/json'] && !hasExample(content['application/json']))
          missing.push(`${operation.where} request application/json`);
      }
      for (const [status, responseNode] of Object.entries<DocumentNode>(operation.op.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        // SPEC.md shows no body for DELETE /checkouts/{id} or DELETE /mass-payouts/{id}.
        if (operation.method === 'delete') continue;
        const json = deref(responseNode).content?.['application/json'];
        if (json && !hasExample(json)) missing.push(`${operation.where} ${status}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('the validation helper rejects broken copies of valid examples (test of the test)', () => {
    const createCharge = findOperation('post', '/charges');
    assert.ok(createCharge);
    const mediaType = createCharge.op.requestBody.content['application/json'];
    const valid = mediaType.examples.fixedPrice.value;
    assert.equal(validate(mediaType.schema, valid), null, 'the original example is valid');

    const freePricing = clone(valid);
    freePricing.pricing_type = 'free';
    assert.notEqual(validate(mediaType.schema, freePricing), null, 'pricing_type "free" must be rejected');

    const numericAmount = clone(valid);
    numericAmount.fiat_price.amount = 100;
    assert.notEqual(validate(mediaType.schema, numericAmount), null, 'a numeric amount must be rejected');

    const badExternalId = clone(valid);
    badExternalId.external_id = 'order #1042';
    assert.notEqual(validate(mediaType.schema, badExternalId), null, 'an invalid external_id must be rejected');

    const getCharge = findOperation('get', '/charges/{id}');
    assert.ok(getCharge);
    const response = getCharge.op.responses['200'].content['application/json'];
    assert.equal(validate(response.schema, response.example), null);
    const badStatus = clone(response.example);
    badStatus.data.status = 'paid';
    assert.notEqual(validate(response.schema, badStatus), null, 'an unknown charge status must be rejected');
    const badNetwork = clone(response.example);
    badNetwork.data.payments[0].network = 'solana';
    assert.notEqual(validate(response.schema, badNetwork), null, 'an unknown network must be rejected through nested $refs');
    const noEnvelope = clone(response.example.data);
    assert.notEqual(validate(response.schema, noEnvelope), null, 'a body without the envelope must be rejected');
  });
});

describe('servers', () => {
  test('production, sandbox and the local sandbox, from the brand module, all under /v2.0', () => {
    assert.deepEqual(
      doc.servers.map((s: DocumentNode) => s.url),
      [brand.productionApiUrl, brand.sandboxApiUrl, brand.localSandboxApiUrl],
    );
    assert.deepEqual(
      doc.servers.slice(0, 2).map((s: DocumentNode) => s.description),
      ['Production', 'Sandbox'],
    );
    for (const server of doc.servers) assert.ok(server.url.endsWith('/v2.0'), server.url);
  });

  test('the local sandbox is a loopback address, and its description says how to start it', () => {
    const local = new URL(brand.localSandboxApiUrl);
    assert.equal(local.hostname, '127.0.0.1');
    const description: string = doc.servers[2].description;
    assert.match(description, /^Local sandbox/);
    assert.match(description, /npm run sandbox/);
    assert.ok(doc.info.description.includes(brand.localSandboxApiUrl), 'the Base URLs table lists it');
  });
});

describe('security', () => {
  test('schemes: bearer, session token (placeholder name), widget token', () => {
    const schemes = doc.components.securitySchemes;
    assert.deepEqual({ type: schemes.bearerAuth.type, scheme: schemes.bearerAuth.scheme }, { type: 'http', scheme: 'bearer' });
    assert.deepEqual(
      { type: schemes.sessionToken.type, in: schemes.sessionToken.in, name: schemes.sessionToken.name },
      { type: 'apiKey', in: 'cookie', name: 'session' },
    );
    assert.match(schemes.sessionToken.description, /placeholder/);
    assert.deepEqual(
      { type: schemes.widgetToken.type, in: schemes.widgetToken.in, name: schemes.widgetToken.name },
      { type: 'apiKey', in: 'header', name: 'x-widget-token' },
    );
    assert.match(schemes.widgetToken.description, /widget id header/);
    assert.deepEqual(doc.security, [{ bearerAuth: [] }, { sessionToken: [] }]);
  });

  test('the three public calls need no authentication; every other call does', () => {
    const publicKeys = spec.publicCalls.map((c) => `${c.method} ${c.path}`);
    for (const operation of pathOperations) {
      const key = `${operation.method} ${operation.path}`;
      if (publicKeys.includes(key)) {
        assert.deepEqual(operation.op.security, [], `${operation.where} must declare security: []`);
        assert.equal(operation.op.responses['401'], undefined, `${operation.where} cannot answer 401`);
      } else {
        const effective = operation.op.security ?? doc.security;
        assert.ok(Array.isArray(effective) && effective.length > 0, `${operation.where} must require authentication`);
        assert.ok(
          effective.every((requirement: DocumentNode) => Object.keys(requirement).length > 0),
          `${operation.where} allows anonymous access`,
        );
      }
    }
  });
});

describe('responses', () => {
  test('error responses use the envelope and the messages the specification gives', () => {
    const responses = doc.components.responses;
    for (const name of [
      'BadRequest',
      'Unauthorized',
      'Forbidden',
      'NotFound',
      'MethodNotAllowed',
      'UnprocessableEntity',
      'TooManyRequests',
      'KycRequired',
      'InternalServerError',
      'Accepted',
    ]) {
      assert.ok(isEnvelope(responses[name]?.content?.['application/json']?.schema), `${name} is not enveloped`);
    }
    assert.equal(responses.Unauthorized.content['application/json'].example.data.message, spec.httpMessages[401]);
    assert.equal(responses.KycRequired.content['application/json'].example.data.message, spec.httpMessages[451]);
    assert.equal(responses.InternalServerError.content['application/json'].example.data.message, spec.httpMessages[500]);
    const errorProperties = Object.keys(schemaNamed('Error').properties);
    for (const field of ['message', 'errors', 'target']) assert.ok(errorProperties.includes(field));
  });

  test('per call, only the errors the specification ties to it: 401 on authenticated calls, 422 where a validation rule applies', () => {
    const publicIds: readonly string[] = spec.publicCalls.map((c) => c.operationId);
    // Calls whose body or query a validation rule of the specification names: pagination (limit, offset, order), charge,
    // checkout, invoice, deposit and mass payout create, checkout update, the mass payout send call (otp), and the
    // convert token and rates queries.
    const validated: readonly string[] = [
      'listCharges',
      'listConversions',
      'createCharge',
      'createCheckout',
      'updateCheckout',
      'createInvoice',
      'createDeposit',
      'createMassPayout',
      'sendMassPayout',
      'getConvertToken',
      'getRates',
    ];
    for (const operation of pathOperations) {
      const { op, where } = operation;
      const expected = ['200'];
      if (!publicIds.includes(op.operationId)) expected.push('401');
      if (validated.includes(op.operationId)) expected.push('422');
      assert.deepEqual(Object.keys(op.responses).sort(), expected.sort(), `${where} responses`);
    }
  });

  test('an error response shows an example only where the specification gives its body: 401, 422, 451 and 500', () => {
    // The shared error responses of the document and the status each stands for.
    const statuses: Record<string, number> = {
      BadRequest: 400,
      Unauthorized: 401,
      Forbidden: 403,
      NotFound: 404,
      MethodNotAllowed: 405,
      UnprocessableEntity: 422,
      TooManyRequests: 429,
      KycRequired: 451,
      InternalServerError: 500,
    };
    const errorStatuses = Object.keys(spec.httpStatuses)
      .map(Number)
      .filter((status) => status >= 400);
    assert.deepEqual(Object.values(statuses).sort(), errorStatuses.sort(), 'one shared response per error status of the specification');
    // The specification gives a message for 401, 451 and 500 and the error's shape for 422; for the other statuses it
    // gives no body, so none is shown (the error-messages mark says so once).
    const shown = [...Object.keys(spec.httpMessages).map(Number), 422];
    for (const [name, status] of Object.entries(statuses)) {
      const json = doc.components.responses[name].content['application/json'];
      if (!shown.includes(status)) {
        assert.equal(json.example, undefined, `${name} (${status}) shows a body the specification does not give`);
        continue;
      }
      assert.ok(json.example, `${name} has its own example`);
      assert.equal(json.example.data.message, (spec.httpMessages as Record<number, string>)[status], `${name} (${status}) message`);
      assert.equal(json.example.success, false);
    }
    // The answer of a DELETE call is not shown by the specification either.
    assert.equal(doc.components.responses.Done.content['application/json'].example, undefined, 'Done shows no invented body');
    const validation = doc.components.responses.UnprocessableEntity.content['application/json'].example.data;
    assert.ok(Array.isArray(validation.errors) && validation.errors.length > 0, '422 lists errors');
    for (const error of validation.errors) {
      assert.equal(error.message, undefined, 'no invented validation message');
      assert.ok(typeof error.target === 'string' && error.target.length > 0, 'each error names a target');
    }
    // Every error answer of a call is one of those shared responses, so no call falls back to the schema's example.
    for (const operation of pathOperations) {
      for (const [status, response] of Object.entries<DocumentNode>(operation.op.responses)) {
        if (Number(status) >= 400) assert.ok(response.$ref?.startsWith('#/components/responses/'), `${operation.where} ${status}`);
      }
    }
  });

  test('the message texts the specification does not give are marked unknown, once, on ErrorResponse', () => {
    const marks = schemaNamed('ErrorResponse')['x-unknown'];
    assert.deepEqual(
      marks.map((m: DocumentNode) => m.topic),
      ['error-messages'],
    );
    for (const status of Object.keys(spec.httpMessages)) assert.match(marks[0].text, new RegExp(`\\b${status}\\b`));
  });

  test("the shared error catalogue keeps every error status of the specification's error catalogue (httpStatuses)", () => {
    const responses = doc.components.responses;
    for (const name of [
      'BadRequest',
      'Unauthorized',
      'Forbidden',
      'NotFound',
      'MethodNotAllowed',
      'UnprocessableEntity',
      'TooManyRequests',
      'KycRequired',
      'InternalServerError',
    ]) {
      assert.ok(responses[name], `components.responses.${name} is missing`);
    }
  });

  test('202 is documented but assigned to no call (the specification does not say which)', () => {
    assert.ok(doc.components.responses.Accepted);
    for (const operation of pathOperations) assert.equal(operation.op.responses['202'], undefined, operation.where);
  });
});

describe('webhooks', () => {
  test('five callbacks, each a POST of the callback envelope answered by 200', () => {
    assert.deepEqual(
      Object.keys(doc.webhooks),
      spec.callbackKinds.map((k) => k.webhook),
    );
    for (const { webhook } of spec.callbackKinds) {
      const post = doc.webhooks[webhook].post;
      assert.ok(post, `${webhook} has no post`);
      const body = deref(post.requestBody);
      assert.equal(body.content['application/json'].schema.$ref, '#/components/schemas/CallbackEnvelope');
      assert.equal(deref(post.responses['200']).description, spec.callbackProcessedText);
      assert.match(post.description, /callback_url/);
    }
    assert.match(doc.webhooks.payout.post.description, /callback_signature_key/);
  });

  test('the envelope type examples are the ones the specification gives', () => {
    assert.deepEqual(schemaNamed('CallbackEnvelope').properties.type.examples, [...spec.eventTypes]);
  });
});

/** Hedging phrases (the site's list, plus two the reference used) that belong in an x-unknown mark, never in prose. */
const HEDGES = new RegExp([...hedgingPhrases, 'not shown', 'not given'].join('|'), 'i');

describe('unknowns', () => {
  test('no description or summary hedges', () => {
    const offenders: string[] = [];
    const walk = (node: DocumentNode, at: string) => {
      if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${at}/${index}`));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries<DocumentNode>(node)) {
        const prose = (key === 'description' || key === 'summary') && typeof value === 'string';
        if (prose && HEDGES.test(value)) offenders.push(`${at}/${key}`);
        else if (key !== 'x-unknown') walk(value, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    assert.deepEqual(offenders, []);
  });

  test('x-unknown marks: kebab-case topics unique per object, one sentence each, at most 3 per object and 12 in all', () => {
    const owners: [string, DocumentNode][] = [['info', doc.info]];
    for (const operation of documentOperations) owners.push([operation.where, operation.op]);
    for (const [name, schema] of Object.entries<DocumentNode>(doc.components.schemas)) owners.push([`schema ${name}`, schema]);
    let total = 0;
    for (const [where, owner] of owners) {
      const marks = owner['x-unknown'];
      if (marks === undefined) continue;
      assert.ok(Array.isArray(marks) && marks.length > 0 && marks.length <= 3, `${where}: 1 to 3 marks`);
      const topics = marks.map((m: DocumentNode) => m.topic);
      assert.equal(new Set(topics).size, topics.length, `${where}: topics are unique`);
      for (const { topic, text } of marks) {
        assert.match(topic, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${where}: topic ${topic}`);
        assert.ok(typeof text === 'string' && /^[^.]+\.$/.test(text.trim()), `${where}: ${topic} is one sentence`);
      }
      total += marks.length;
    }
    assert.ok(total <= 12, `${total} x-unknown marks`);
  });
});

describe('info', () => {
  test("contact: the brand's support, by name and e-mail", () => {
    assert.equal(doc.info.contact.email, brand.supportEmail);
    assert.equal(doc.info.contact.name, `${brand.name} support`);
  });

  test('title, version and a Markdown description whose headings start at h2', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.title, 'Merchant API');
    assert.equal(doc.info.version, '2.0');
    const description: string = doc.info.description;
    assert.doesNotMatch(description, /^# /m, 'no h1 heading');
    for (const heading of ['Base URLs', 'Authentication', 'Errors', 'Pagination', 'Rate limiting']) {
      assert.match(description, new RegExp(`^## ${heading}$`, 'm'));
    }
    assert.ok(description.includes(brand.productionApiUrl) && description.includes(brand.sandboxApiUrl));
    assert.match(description, /429/);
    assert.match(description, /451/);
    assert.doesNotMatch(description, HEDGES, 'unknowns go in x-unknown, not in hedging prose');
  });
});
