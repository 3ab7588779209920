/**
 * The local sandbox (`npm run local-sandbox`): started as its own process on a free
 * loopback port, called over HTTP as a developer would, stopped with Ctrl+C.
 * Every request and every expected answer is built from the OpenAPI document
 * (tests/openapi.ts) or from the specification's fixtures, never from the sandbox's code.
 *
 * Run: node --import tsx --test tests/unit/local-sandbox.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../harness/local-sandbox';
import { asResponse, rawExchange } from '../raw-http';
import { broken, brokenRules } from '../request-cases';
import { call, calls, deref, doc, documentedUrl, requestExamples, responseOf, schemaErrors, type DocumentedCall } from '../openapi';
import * as spec from '../fixtures/spec';
import { brand } from '../../src/brand';
import { schemaValidator } from '../../src/openapi/schemas';
import { violationFinder } from '../../src/openapi/violations';
import { operations, type DocumentNode } from '../../src/openapi/document';

/** Any bearer token opens the sandbox. */
const TOKEN = 'Bearer sandbox-test-token';

let sandbox: RunningSandbox;
let stopped = false;

before(async () => {
  sandbox = await startSandbox();
});

after(async () => {
  if (!stopped) await sandbox?.stop('SIGKILL');
});

interface Answer {
  readonly status: number;
  readonly body: DocumentNode;
  readonly headers: Headers;
}

async function send(c: DocumentedCall, options: { body?: unknown; token?: boolean; url?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token ?? c.authenticated) headers.authorization = TOKEN;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(sandbox.baseUrl + (options.url ?? documentedUrl(c)), {
    method: c.method.toUpperCase(),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** The requests of a call as documented: one per request example, or one without a body. */
function documentedRequests(c: DocumentedCall): Array<[name: string, body: unknown]> {
  const examples = requestExamples(c);
  return examples.length > 0 ? examples : [['no body', undefined]];
}

/** The documented 422 answer of the sandbox's validation errors. */
const unprocessable = doc.components.responses.UnprocessableEntity.content['application/json'];

function assertRejected(answer: Answer, targets: readonly string[], where: string): void {
  assert.equal(answer.status, 422, `${where}: status (body ${JSON.stringify(answer.body)})`);
  assert.equal(schemaErrors(unprocessable.schema, answer.body), null, `${where}: the 422 body fits the ErrorResponse schema`);
  assert.equal(answer.body.success, false, where);
  assert.equal(answer.body.data.message, unprocessable.example.data.message, `${where}: the documented message`);
  const named = [...new Set<string>(answer.body.data.errors.map((e: { target: string }) => e.target))];
  assert.deepEqual(named, [...targets], `${where}: the errors name the field at fault`);
  for (const error of answer.body.data.errors) assert.ok(error.message.length > 0, `${where}: every error has a message`);
  for (const target of targets) {
    const header = answer.headers.get('sl-violations') ?? '';
    assert.ok(header.includes(target.split('.').pop() as string), `${where}: Prism's sl-violations header names ${target}`);
  }
}

describe('every call answers its documented example', () => {
  test('the document has the 29 calls the specification lists (tests/fixtures/spec.ts, calls)', () => {
    assert.equal(calls.length, spec.calls.length);
  });

  for (const c of calls) {
    for (const [name, body] of documentedRequests(c)) {
      test(`${c.method.toUpperCase()} ${c.path} (${c.operationId}, ${name}) answers 200 with its example`, async () => {
        const answer = await send(c, { body });
        const documented = responseOf(c, '200');
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(schemaErrors(documented.schema, answer.body), null, 'the body fits the response schema');
        // A DELETE answer has no example: the specification does not show its body.
        if (documented.example !== undefined) assert.deepEqual(answer.body, documented.example);
        else assert.equal(c.method, 'delete', `${c.operationId} has no documented example`);
      });
    }
  }
});

describe('a call without a token answers 401, in the sandbox’s own words', () => {
  test('the public calls need none', () => {
    assert.deepEqual(
      calls
        .filter((c) => !c.authenticated)
        .map((c) => c.operationId)
        .sort(),
      spec.publicCalls.map((c) => c.operationId).sort(),
    );
  });

  for (const c of calls.filter((candidate) => candidate.authenticated)) {
    test(`${c.operationId} without a token`, async () => {
      const answer = await send(c, { body: documentedRequests(c)[0][1], token: false });
      assert.equal(answer.status, 401);
      // The document shows no 401 body (the specification gives only its message): the sandbox answers its own.
      assert.deepEqual(answer.body, { success: false, data: { message: 'Local sandbox: missing or invalid authentication' } });
    });
  }
});

describe('a body that breaks a validation rule of the specification answers 422 naming the field', () => {
  for (const [operationId, rules] of Object.entries(brokenRules)) {
    for (const { rule, body, targets } of rules) {
      test(`${operationId}: ${rule}`, async () => {
        assertRejected(await send(call(operationId), { body }), targets, `${operationId}: ${rule}`);
      });
    }
  }

  test('createInvoice: void_after_seconds may be null', async () => {
    const c = call('createInvoice');
    const answer = await send(c, { body: broken('createInvoice', 'example', (b) => (b.void_after_seconds = null)) });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, responseOf(c, '200').example);
  });

  test('createInvoice: a customer_email that is no e-mail address is not refused (no format rule is stated for it)', async () => {
    const c = call('createInvoice');
    const answer = await send(c, { body: broken('createInvoice', 'example', (b) => (b.customer_email = 'x')) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  });

  test('createCheckout and createMassPayout: a return_url or callback_url that is no URL is not refused (only the checkout update and widgets state one)', async () => {
    const checkout = await send(call('createCheckout'), { body: broken('createCheckout', 'example', (b) => (b.return_url = 'thanks')) });
    assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
    const payouts = await send(call('createMassPayout'), {
      body: broken('createMassPayout', 'crypto', (b) => (b.callback_url = 'payouts')),
    });
    assert.equal(payouts.status, 200, JSON.stringify(payouts.body));
  });

  test(`listCharges: limit above ${spec.limits.pageSizeMax} is refused`, async () => {
    const c = call('listCharges');
    const url = documentedUrl(c).replace(/([?&]limit=)\d+/, `$1${spec.limits.pageSizeMax + 1}`);
    assert.match(url, new RegExp(`limit=${spec.limits.pageSizeMax + 1}`));
    assertRejected(await send(c, { url }), ['limit'], 'listCharges limit');
  });

  test('listDeposits: a network outside the enum is refused, though the call documents no 422', async () => {
    const c = call('listDeposits');
    assert.equal(c.op.responses['422'], undefined);
    const url = documentedUrl(c).replace(/([?&]network=)[^&]*/, '$1solana');
    assert.match(url, /network=solana/);
    assertRejected(await send(c, { url }), ['network'], 'listDeposits network');
  });

  test('getRates: the five query parameters are required', async () => {
    const c = call('getRates');
    const url = documentedUrl(c).replace(/[?&]amount=[^&]*/, '');
    assertRejected(await send(c, { url }), ['amount'], 'getRates without amount');
  });
});

/** Sends bytes as they are on a socket of its own, and reads the answer once the sandbox closes the socket. */
const raw = async (bytes: string): Promise<Response> => asResponse(await rawExchange(sandbox.origin, bytes));

describe('what the sandbox answers outside the calls', () => {
  const errorExample = (name: string) => doc.components.responses[name].content?.['application/json']?.example;

  /** The sandbox's own errors: the document's error envelope with a message (the sandbox's words: the document gives none). */
  const assertSandboxError = async (response: Response, status: number, message: RegExp, where: string) => {
    assert.equal(response.status, status, where);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/, where);
    const body = (await response.json()) as DocumentNode;
    assert.equal(schemaErrors(doc.components.schemas.ErrorResponse, body), null, `${where}: the document's error envelope`);
    assert.equal(body.success, false, where);
    assert.match(body.data.message, message, where);
  };

  test("a malformed JSON body answers 400 saying what is wrong, in the document's error envelope", async () => {
    const response = await fetch(`${sandbox.baseUrl}/charges`, {
      method: 'POST',
      headers: { authorization: TOKEN, 'content-type': 'application/json' },
      body: '{"project_id": ',
    });
    assert.equal(errorExample('BadRequest'), undefined, 'the document shows no body for a 400 (the specification gives none)');
    await assertSandboxError(response, 400, /not valid JSON: .*(end of JSON|Unexpected)/, 'malformed JSON');
  });

  test('a body over 1 MB answers 413 in JSON, declared or streamed, unkept, and the next call is served', async () => {
    const declared = await fetch(`${sandbox.baseUrl}/charges`, {
      method: 'POST',
      headers: { authorization: TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: 'x'.repeat(20 * 1024 * 1024) }),
    });
    await assertSandboxError(declared, 413, /larger than 1048576 bytes/, '20 MB with a Content-Length');
    const streamed = await fetch(`${sandbox.baseUrl}/charges`, {
      method: 'POST',
      headers: { authorization: TOKEN, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i += 1) controller.enqueue(new Uint8Array(1024 * 1024).fill(0x20));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await assertSandboxError(streamed, 413, /larger than 1048576 bytes/, '20 MB chunked, no length');
    const justUnder = await fetch(`${sandbox.baseUrl}/charges`, {
      method: 'POST',
      headers: { authorization: TOKEN, 'content-type': 'application/json' },
      body: `{"project_id": "${'x'.repeat(1024 * 1024 - 100)}"}`,
    });
    assert.notEqual(justUnder.status, 413, 'a body under 1 MB is read');
    const next = await fetch(`${sandbox.baseUrl}/balances`, { headers: { authorization: TOKEN } });
    assert.equal(next.status, 200);
  });

  test("what Node's HTTP parser refuses answers in JSON too: an unknown method, a 100 KB URL, 20 KB of headers", async () => {
    const path = new URL(sandbox.baseUrl).pathname;
    await assertSandboxError(await raw(`FOO ${path}/balances HTTP/1.1\r\nHost: x\r\n\r\n`), 405, /method/, 'method FOO');
    await assertSandboxError(
      await raw(`GET ${path}/${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      414,
      /URL is longer/,
      '100 KB URL',
    );
    await assertSandboxError(
      await raw(`GET ${path}/balances HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`),
      431,
      /headers are larger/,
      '20 KB header',
    );
    await assertSandboxError(
      await raw(`GET ${path}/balances HTTP/1.1\r\nHost x\r\n\r\n`),
      400,
      /not well-formed HTTP/,
      'a header without a colon',
    );
  });

  // The bound is a hang guard, well above the sandbox's 5 s header deadline and below Node's own (60 s, checked every 30 s).
  test(
    '300 clients that never finish their headers are each answered 408 and cut, and the next call is served',
    { timeout: 30_000 },
    async () => {
      const path = new URL(sandbox.baseUrl).pathname;
      const slow = await Promise.all(Array.from({ length: 300 }, () => raw(`GET ${path}/balances HTTP/1.1\r\nHost: x\r\n`)));
      for (const answer of slow) await assertSandboxError(answer, 408, /did not arrive in time/, 'unfinished headers');
      const next = await fetch(`${sandbox.baseUrl}/balances`, { headers: { authorization: TOKEN } });
      assert.equal(next.status, 200);
    },
  );

  test('an unknown path answers 404, and the calls live under the base path of the servers only', async () => {
    for (const url of [`${sandbox.baseUrl}/refunds`, `${sandbox.origin}/charges/${deref(doc.components.parameters.ChargeId).example}`]) {
      const response = await fetch(url, { headers: { authorization: TOKEN } });
      // The document shows no body for a 404 (the specification gives none): the sandbox's own error, in its words.
      assert.equal(errorExample('NotFound'), undefined);
      await assertSandboxError(response, 404, /^Local sandbox: not found$/, url);
    }
  });

  test('a method the path lacks answers 405', async () => {
    const response = await fetch(`${sandbox.baseUrl}/balances`, { method: 'DELETE', headers: { authorization: TOKEN } });
    assert.equal(errorExample('MethodNotAllowed'), undefined);
    await assertSandboxError(response, 405, /^Local sandbox: method not allowed$/, 'DELETE /balances');
  });

  test('the API explorer of the site may call it (CORS preflight and answer)', async () => {
    const origin = 'http://127.0.0.1:3100';
    const preflight = await fetch(`${sandbox.baseUrl}/charges`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), origin);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    const answer = await fetch(`${sandbox.baseUrl}/balances`, { headers: { origin, authorization: TOKEN } });
    assert.equal(answer.headers.get('access-control-allow-origin'), origin);
    assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
    const published = new URL(brand.siteUrl).origin;
    const fromSite = await fetch(`${sandbox.baseUrl}/balances`, { headers: { origin: published, authorization: TOKEN } });
    assert.equal(fromSite.headers.get('access-control-allow-origin'), published, 'the published site');
  });

  test('a page of another site may not read its answers (no CORS headers for a foreign origin)', async () => {
    for (const origin of ['https://attacker.example', 'http://127.0.0.1.attacker.example:3000', 'null']) {
      const preflight = await fetch(`${sandbox.baseUrl}/charges`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      const answer = await fetch(`${sandbox.baseUrl}/balances`, { headers: { origin, authorization: TOKEN } });
      for (const response of [preflight, answer]) {
        for (const header of [
          'access-control-allow-origin',
          'access-control-allow-credentials',
          'access-control-allow-methods',
          'access-control-allow-headers',
        ]) {
          assert.equal(response.headers.get(header), null, `${origin}: ${header}`);
        }
      }
      assert.equal(answer.status, 200, 'the answer itself is the same: the browser keeps it from the page');
    }
  });
});

test('Ctrl+C stops it cleanly', async () => {
  stopped = true;
  const code = await sandbox.stop('SIGINT');
  assert.equal(code, 0, sandbox.output());
  assert.match(sandbox.output(), /Sandbox stopped\./);
  await assert.rejects(fetch(`${sandbox.baseUrl}/balances`), 'nothing listens any more');
});

test("a violation of a path item's parameter names that parameter's rule (the finder reads the operation's parameters as the reader lists them)", () => {
  const idParameter = { name: 'id', in: 'path', required: true, description: 'The charge.', schema: { type: 'string', format: 'uuid' } };
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/charges/{id}': { parameters: [idParameter], get: { operationId: 'getCharge', responses: {} } } },
  };
  const explain = violationFinder(doc, schemaValidator(doc));
  const [getCharge] = operations(doc);
  const violations = explain(getCharge, undefined, [{ path: ['path', 'id'], message: 'must match format "uuid"' }]);
  assert.deepEqual(violations, [
    {
      message: 'must match format "uuid"',
      target: 'id',
      rule: { in: 'path', required: true, schema: idParameter.schema, description: 'The charge.' },
    },
  ]);
});
