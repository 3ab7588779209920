/**
 * Checks how openapi/v2.0.yaml answers and what it shows: every example valid
 * against its own schema (and the validator's test of the test), the responses,
 * security, servers and info, and the marks of what is not documented yet. The
 * specification's calls, tags, entities, enums and webhooks: openapi-document.test.ts.
 *
 * Run: node --import tsx --test tests/unit/*.test.ts
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brand } from '../../src/brand';
import type { DocumentNode } from '../../src/openapi/document';
import * as spec from '../fixtures/spec';
import { hedgingPhrases } from '../fixtures/hedging';
import {
  clone,
  collectExamples,
  deref,
  doc,
  documentOperations,
  findOperation,
  hasExample,
  isEnvelope,
  pathOperations,
  schemaNamed,
  validate,
} from './document-walk';

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
    assert.match(description, /npm run local-sandbox/);
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
  /** The error answers the document shares (components.responses). */
  const ERROR_RESPONSES = [
    'BadRequest',
    'Unauthorized',
    'Forbidden',
    'NotFound',
    'MethodNotAllowed',
    'UnprocessableEntity',
    'TooManyRequests',
    'KycRequired',
    'InternalServerError',
  ];

  test('error responses use the envelope and the messages the specification gives', () => {
    const responses = doc.components.responses;
    for (const name of [...ERROR_RESPONSES, 'Accepted']) {
      assert.ok(isEnvelope(responses[name]?.content?.['application/json']?.schema), `${name} is not enveloped`);
    }
    // The specification gives these messages, not where an answer carries them: the overview names 401's (the
    // response of every authenticated call, so not on each call's page), the responses' descriptions the others.
    assert.ok(doc.info.description.includes(`\`${spec.httpMessages[401]}\``));
    assert.ok(!responses.Unauthorized.description.includes(spec.httpMessages[401]));
    assert.ok(responses.KycRequired.description.includes(`\`${spec.httpMessages[451]}\``));
    assert.ok(responses.InternalServerError.description.includes(`\`${spec.httpMessages[500]}\``));
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

  test('an error response shows an example only where the specification gives its body: 422', () => {
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
    // The specification gives the error's shape for 422 only; for 401, 451 and 500 it gives a message but not where the
    // answer carries it, and for the other statuses nothing: no body is shown (the ErrorResponse mark says so once).
    for (const [name, status] of Object.entries(statuses)) {
      const json = doc.components.responses[name].content['application/json'];
      if (status === 422) {
        assert.equal(json.example.success, false, `${name} has its own example`);
        continue;
      }
      assert.equal(json.example, undefined, `${name} (${status}) shows a body the specification does not give`);
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
    for (const name of ERROR_RESPONSES) {
      assert.ok(responses[name], `components.responses.${name} is missing`);
    }
  });

  test('202 is documented but assigned to no call (the specification does not say which)', () => {
    assert.ok(doc.components.responses.Accepted);
    for (const operation of pathOperations) assert.equal(operation.op.responses['202'], undefined, operation.where);
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

  // At most 20 in all: where the specification is silent about a call's answer (a DELETE's, a status after a call),
  // the call's page says so; the rest sit on the few objects and the overview.
  test('x-unknown marks: kebab-case topics unique per object, one sentence each, at most 3 per object and 20 in all', () => {
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
    assert.ok(total <= 20, `${total} x-unknown marks`);
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
