/**
 * The tools over the OpenAPI document the site publishes: get_operation, get_schema, list_operations,
 * validate_request (checked here, never sent) and try_in_local_sandbox (sent to the local sandbox; the package only).
 */
import { z } from 'zod';
import { marksOf } from '../notDocumented';
import { apiDocument, findOperation, operationAnswer, operationList, schemaAnswer, OPENAPI_URL_PATH } from '../openapi';
import { bodySchema, operationSchema, querySchema } from '../inputSchemas';
import { parseBody, queryOf } from '../requestArgs';
import { trySandbox } from '../localSandbox';
import { docsTool, json, READ_ONLY } from './tool';

export const getOperation = docsTool({
  name: 'get_operation',
  title: 'Get an API call',
  description:
    'Gets one call of the merchant API from its OpenAPI document: method, path, URLs, authentication, parameters, request body ' +
    'and responses with every schema resolved (no $ref), what is not documented yet about it (its marks, and those of the ' +
    'schemas it uses), and a curl sample per request example. Name it by operationId (createCharge) or by method and path ' +
    '(POST /charges). The responses are the larger part: leave them out (responses: false) or ask for one status (status: "422").',
  input: {
    operation: operationSchema,
    responses: z.boolean().optional().describe('false: leave the responses out (their statuses are still listed); default true.'),
    status: z.string().min(1).max(20).optional().describe('Only the response of this status, e.g. "200" or "422".'),
  },
  annotations: READ_ONLY,
  handler: async ({ operation, responses, status }, { site, sandboxUrl }) => {
    const [doc, marks] = await Promise.all([apiDocument(site), marksOf(site)]);
    return json(operationAnswer(doc, site, findOperation(doc, operation, sandboxUrl), { responses, status }, marks, sandboxUrl));
  },
});

export const getSchema = docsTool({
  name: 'get_schema',
  title: 'Get a schema',
  description:
    'Gets one schema (an object, a request body, an enum) of the OpenAPI document by name, e.g. Charge, ChargeStatus or ' +
    'FixedPriceChargeCreateRequest, with every $ref resolved, and its page in the API reference.',
  input: { name: z.string().min(1).max(200).describe('The schema name, e.g. Charge.') },
  annotations: READ_ONLY,
  handler: async ({ name }, { site }) => {
    const [doc, pages] = await Promise.all([apiDocument(site), site.pages().catch(() => [])]);
    return json(schemaAnswer(doc, site, name, new Set(pages.map((p) => p.twin))));
  },
});

export const listOperations = docsTool({
  name: 'list_operations',
  title: 'List the API calls',
  description:
    'Lists the calls (and webhooks) of the merchant API: operationId, method, path, summary, tags, whether it needs ' +
    'authentication, and its page. Give a tag (Charges, Mass payouts, …) to list only those.',
  input: { tag: z.string().max(200).optional().describe('Only the calls of this tag, e.g. Charges.') },
  annotations: READ_ONLY,
  handler: async ({ tag }, { site }) => json(operationList(await apiDocument(site), site, tag)),
});

export const validateRequest = docsTool({
  name: 'validate_request',
  title: 'Check a request',
  description:
    'Checks a request body (and query) against the OpenAPI document, with the local sandbox’s verdicts, without ' +
    'sending it. Returns valid, or each field at fault (fiat_price.symbol, payouts.1.network) with the message and the ' +
    "document's rule it breaks. Path parameters come from a concrete path in `operation`, else from the document's examples.",
  input: { operation: operationSchema, body: bodySchema, query: querySchema },
  annotations: READ_ONLY,
  handler: async ({ operation, body, query }, { site, sandboxUrl, requestChecker }) => {
    const parsed = parseBody(body);
    const doc = await apiDocument(site);
    const found = findOperation(doc, operation, sandboxUrl);
    if (found.entry.webhook)
      throw new Error(`${found.entry.operationId} is a webhook: the API sends it, there is no request of yours to check`);
    const verdict = await requestChecker(doc)(found, parsed, queryOf(found, query));
    return json({
      operation: found.entry.operationId,
      request: `${found.entry.method.toUpperCase()} ${found.path}`,
      ...verdict,
      ...(parsed !== undefined && !found.entry.operation.requestBody ? { note: 'This call takes no body: the body was not checked.' } : {}),
      checkedAgainst: site.urlOf(OPENAPI_URL_PATH),
    });
  },
});

export const tryInLocalSandbox = docsTool({
  name: 'try_in_local_sandbox',
  title: 'Try a call in the local sandbox',
  description: ({ sandboxUrl }) =>
    `Sends a call to the local sandbox (a mock of the API on this machine, started with \`npm run local-sandbox\` in a clone of the docs; ${sandboxUrl}) ` +
    'and returns its status and body: the documented example when the request is valid, the documented error otherwise ' +
    '(401 without a token on an authenticated call, 422 naming the fields at fault). Never reaches the real API.',
  input: {
    operation: operationSchema,
    body: bodySchema,
    query: querySchema,
    token: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .describe('A bearer token; the local sandbox accepts any. Without one, authenticated calls answer 401.'),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ operation, body, query, token }, { site, sandboxUrl, deadline }) => {
    const parsed = parseBody(body);
    const found = findOperation(await apiDocument(site), operation, sandboxUrl);
    if (found.origin !== undefined) {
      throw new Error(
        `try_in_local_sandbox sends to the local sandbox (${sandboxUrl}) only, so the operation names no host: give ${found.entry.method.toUpperCase()} ${found.entry.path} or ${found.entry.operationId}, not ${found.origin}.`,
      );
    }
    return json(await trySandbox(sandboxUrl, found, parsed, queryOf(found, query), token, deadline));
  },
});
