/**
 * The brand: the one home of every site-wide fact that a provider replaces
 * when it adopts these docs. The config, the pages and the tests read it from
 * here; nothing else types these values.
 *
 * Domains use the reserved `.example` top-level domain (RFC 2606).
 */
export const brand = {
  /** The provider's name, shown in the navbar, titles and footer. */
  name: 'Crypto Payments',
  /** One-line description for meta tags. */
  tagline: 'Accept, hold, convert and pay out crypto with one API.',
  /** The public address of this documentation site. */
  siteUrl: 'https://docs.crypto-payments.example',
  /** The merchant API v2.0, production. */
  productionApiUrl: 'https://api.crypto-payments.example/v2.0',
  /** The merchant API v2.0, sandbox: test without moving real funds. */
  sandboxApiUrl: 'https://sandbox.api.crypto-payments.example/v2.0',
  /**
   * The local sandbox (`npm run local-sandbox`): a mock of the API on the reader's own
   * machine, answering from openapi/v2.0.yaml. Loopback only; the site's CSP lets
   * the API explorer reach this origin and no other local one.
   */
  localSandboxApiUrl: 'http://127.0.0.1:4010/v2.0',
  /**
   * The repository of these docs, for the MCP server's package (`repository` in mcp/package.json). A placeholder
   * in the reserved domain, as the others: the provider puts its own repository here when it adopts these docs.
   */
  repositoryUrl: 'https://git.crypto-payments.example/docs.git',
  /**
   * The docs' MCP server (mcp/): its name in an assistant's list of servers, its endpoint on this site (mcp/edge.ts),
   * and its npm package (mcp/package.json's `name`) with whether it is on the npm registry under that name. Until it
   * is, nothing tells an assistant to run it by that name: anyone may claim an unpublished name, and the docs would
   * then send assistants to their code. The provider sets `published` once it owns the name.
   */
  mcp: { serverName: 'crypto-payments-docs', endpointPath: '/mcp', packageName: 'crypto-payments-docs-mcp', published: false },
  /** Where merchants and developers reach a person. */
  supportEmail: 'support@crypto-payments.example',
  /** The text of the announcement bar above the navbar (plain text). */
  announcement: 'Merchant API v2.0 is the current version of the API.',
  /** Where / sends readers, and where the logo and "Guides" lead (HOME_REDIRECT_TARGET in tests/fixtures/routes.ts). */
  homeRoute: '/guides/first-steps/welcome',
  /** The API version that the docs describe; the version dropdown shows it. */
  apiVersionLabel: 'v2.0',
} as const;
