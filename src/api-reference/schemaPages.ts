/**
 * Which component schemas of the OpenAPI document get a page of their own in
 * the API Reference, and where every other one is shown.
 *
 * A page is given to the API's objects, the entities a reader looks up (a
 * Charge, a Payout, a Widget), and to the error envelope every call can answer
 * with: about 40 of the document's 155 named schemas. Request bodies, scalars,
 * enums and nested parts are shown inline on the pages that use them, and each
 * of those pages lists them by name in a "Schemas" section (src/api-reference/pageGenerators.ts
 * appends it), so search, the Markdown twins and the reader still find every
 * name. The site's bundle carries a route table with every page
 * (facebook/docusaurus#7256: it grows with the number of routes); 115 pages of
 * named types cost every visit, guides included, for little use.
 *
 * Used by the API sidebar (sidebarsApi.ts), the docs instance's `include`
 * (docusaurus.config.ts), the hosting rules' redirects from the pages that
 * moved (deploy/rules.ts), and the MCP server's `get_schema` page link.
 * tests/fixtures/spec.ts holds the list of objects; tests/unit/schema-pages.test.ts
 * holds this list to it.
 */
import { isObject, operations, schemaRefName, type Json, type JsonObject, type OperationEntry } from '../openapi/documentTree';
import { operationPageUrl, schemaPageUrl } from './routes';

/** The schemas with a page: the API's objects, then the error envelope. */
export const SCHEMA_PAGES = [
  'Charge',
  'CryptoPayment',
  'Checkout',
  'Invoice',
  'HostedPaymentPage',
  'Deposit',
  'DepositPayment',
  'TopupAddress',
  'TopupPayment',
  'TopupBankAccount',
  'Payout',
  'MassPayout',
  'CardMassPayout',
  'PayoutError',
  'Fee',
  'BankAccount',
  'FiatWithdrawal',
  'RefundCreateRequest',
  'ReportCreateRequest',
  'BalanceEntry',
  'ConvertToken',
  'ConvertPair',
  'Conversion',
  'Rates',
  'Merchant',
  'Referrer',
  'Submerchant',
  'SubmerchantRegisterRequest',
  'SignupRequest',
  'ProjectRequest',
  'Project',
  'Session',
  'WhitelistedIp',
  'Transaction',
  'Limits',
  'Pagination',
  'CallbackEnvelope',
  'KybUrlResponse',
  'VerificationCodeRequest',
  'VerificationCodeResponse',
  'Widget',
  'ErrorResponse',
] as const;

const withPage: ReadonlySet<string> = new Set(SCHEMA_PAGES);

/** Whether the schema with this name has a page of its own. */
const hasSchemaPage = (name: string): boolean => withPage.has(name);

/** The schemas a node names with `$ref`, directly. */
function refsIn(node: Json | undefined, into = new Set<string>()): Set<string> {
  const name = schemaRefName(node);
  if (name) into.add(name);
  else if (Array.isArray(node)) for (const item of node) refsIn(item, into);
  else if (isObject(node)) for (const value of Object.values(node)) refsIn(value, into);
  return into;
}

/** The schemas a node uses, directly or through others, in the order first met. */
function usedBy(doc: JsonObject, node: Json | undefined): string[] {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const seen = new Set<string>();
  const visit = (n: Json | undefined) => {
    for (const name of refsIn(n)) {
      if (seen.has(name)) continue;
      seen.add(name);
      visit(schemas[name]);
    }
  };
  visit(node);
  return [...seen];
}

/** What an operation's page shows: its parameters, request body, responses and callbacks. */
function operationParts(entry: OperationEntry): Json {
  const { requestBody, responses, callbacks } = entry.operation;
  return [entry.parameters, requestBody ?? null, responses ?? null, callbacks ?? null];
}

/** The objects with a page of their own that the operation or object page at `route` uses, in the order first met. */
export function objectsUsedBy(route: string, doc: JsonObject): string[] {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const operation = operations(doc).find((entry) => operationPageUrl(entry.operationId) === route);
  const object = SCHEMA_PAGES.find((name) => schemaPageUrl(name) === route);
  const node = operation ? operationParts(operation) : object ? schemas[object] : undefined;
  return node === undefined ? [] : usedBy(doc, node).filter((name) => hasSchemaPage(name) && name !== object);
}

export type SchemaHome = {
  /** The route of the page that shows the schema: its own page, an object's, an operation's or a hand-written reference page's. */
  route: string;
  /** Whether that page is the schema's own. */
  own: boolean;
};

const homesOf = new WeakMap<JsonObject, Map<string, SchemaHome>>();

/**
 * Where each named schema is shown: its own page; else the first object page
 * (in SCHEMA_PAGES order) that uses it; else the first operation page (in
 * document order) that uses it; else the first hand-written reference page that
 * renders its fields (`extraPages`: route -> the schemas it renders).
 */
export function schemaHomes(doc: JsonObject, extraPages: ReadonlyArray<[string, readonly string[]]> = []): Map<string, SchemaHome> {
  const cached = extraPages.length === 0 ? homesOf.get(doc) : undefined;
  if (cached) return cached;
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const homes = new Map<string, SchemaHome>();
  for (const name of SCHEMA_PAGES) {
    if (!(name in schemas)) throw new Error(`schemaPages: "${name}" is not a schema of the document`);
    homes.set(name, { route: schemaPageUrl(name), own: true });
  }
  const claim = (route: string, names: readonly string[]) => {
    for (const name of names) if (!homes.has(name) && Object.hasOwn(schemas, name)) homes.set(name, { route, own: false });
  };
  for (const name of SCHEMA_PAGES) claim(schemaPageUrl(name), usedBy(doc, schemas[name]));
  for (const entry of operations(doc)) claim(operationPageUrl(entry.operationId), usedBy(doc, operationParts(entry)));
  for (const [route, names] of extraPages)
    claim(
      route,
      names.flatMap((name) => [name, ...usedBy(doc, schemas[name])]),
    );
  if (extraPages.length === 0) homesOf.set(doc, homes);
  return homes;
}

/** The schemas a page shows that have no page of their own, in the order the page meets them. */
export function schemasShownOn(route: string, homes: Map<string, SchemaHome>): string[] {
  return [...homes].filter(([, home]) => !home.own && home.route === route).map(([name]) => name);
}
