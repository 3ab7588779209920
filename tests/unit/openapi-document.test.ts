/**
 * Checks openapi/v2.0.yaml against the facts of the specification, as copied by hand
 * into tests/fixtures/spec.ts: its calls, tags, entities, enums and webhooks. How it
 * answers (examples, responses, security, servers, info, marks): openapi-document-answers.test.ts.
 *
 * Run: node --import tsx --test tests/unit/*.test.ts
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentNode } from '../../src/openapi/document';
import * as spec from '../fixtures/spec';
import { deref, doc, documentOperations, findOperation, isEnvelope, pathOperations, schemaNamed, validate } from './document-walk';

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
      // The specification gives Pagination's fields, not where an answer carries them: {success, data} only, and a mark.
      const success = deref(operation?.op.responses['200']).content['application/json'].schema;
      assert.deepEqual(Object.keys(success.properties), ['success', 'data'], `${operationId} answers the envelope only`);
    }
    assert.deepEqual(
      schemaNamed('Pagination')['x-unknown'].map((m: DocumentNode) => m.topic),
      ['pagination-placement'],
    );
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

  test('a balance and the balances filter take any network and symbol: the specification lists none for a balance', () => {
    // Balances are topped up by fiat bank transfer too, so the crypto lists (Network, Symbol) would refuse a real one.
    const balance = schemaNamed('BalanceEntry').properties;
    const filters = pathOperations.find((o) => o.op.operationId === 'listBalances')?.parameters ?? [];
    const schemas = [balance.symbol, balance.network, ...filters.map((p) => p.schema)];
    assert.equal(schemas.length, 4);
    for (const schema of schemas) {
      assert.deepEqual({ type: schema.type, ref: schema.$ref, values: schema.enum }, { type: 'string', ref: undefined, values: undefined });
    }
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
    // The specification shows a signature key for payout callbacks, not which one: the document names none.
    assert.match(doc.webhooks.payout.post.description, /A signature key is shown for payout\s+callbacks/);
    assert.doesNotMatch(doc.webhooks.payout.post.description, /callback_signature_key/);
  });

  test('the envelope type examples are the ones the specification gives', () => {
    assert.deepEqual(schemaNamed('CallbackEnvelope').properties.type.examples, [...spec.eventTypes]);
  });
});
