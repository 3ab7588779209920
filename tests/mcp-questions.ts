/**
 * The integration questions that every way of serving the docs' MCP tools is
 * asked, and whose answers must be the same whichever serves them: stdio, the
 * hosted mode (`--http`, tests/unit/mcp/http.ts) and the endpoint at the
 * edge (`wrangler pages dev`, tests/unit/hosting/mcp-edge.ts). Each tool once, with
 * the arguments a reader would give; expected values come from the build and
 * the document, never from mcp/.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { requestExamples, call as documentedCall } from './openapi';

export type Answer = { isError: boolean; text: string };

/** A tool's answer through a client: its text parts, joined, and whether it is an error result. */
export async function callOn(target: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await target.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text?: string }>;
  return { isError: result.isError === true, text: content.map((c) => c.text ?? '').join('\n') };
}

const query = Object.fromEntries(documentedCall('getConvertToken').parameters.map((p) => [p.name, p.example]));
const fixedPrice = () => Object.fromEntries(requestExamples(documentedCall('createCharge'))).fixedPrice;

/** A call of each tool, with the arguments a reader would give. */
export const EVERY_TOOL: Record<string, Record<string, unknown>> = {
  search_docs: { query: 'create a fixed-price charge' },
  read_page: { page: '/guides/charges/creating#fixed-price' },
  list_pages: { section: 'guides' },
  get_operation: { operation: 'createCharge', responses: false },
  get_schema: { name: 'Charge' },
  list_operations: { tag: 'Charges' },
  validate_request: { operation: 'createCharge', body: fixedPrice() },
  try_in_local_sandbox: { operation: 'getConvertToken', query, token: 't' },
  list_unknowns: { topic: 'webhook' },
};

/**
 * Questions whose first hit is known from the pages themselves: the page, or the heading, that the
 * question names (the call's page, the page titled "Invoice statuses", the section of the payout error).
 */
export const FIRST_HITS: Array<[query: string, route: string]> = [
  ['update checkout', '/api/update-checkout'],
  ['get convert token', '/api/get-convert-token'],
  ['invoice statuses', '/guides/invoices/statuses'],
  ['refund a payment', '/help-center/refund#refund-a-payment'],
  ['payout error 1002', '/guides/payouts#payout-error-1002'],
];

/** Origins of pages that are neither the docs site nor this machine: refused over HTTP. */
export const FOREIGN_ORIGINS = ['https://attacker.example', 'null', 'http://127.0.0.1.attacker.example', 'file://'];
