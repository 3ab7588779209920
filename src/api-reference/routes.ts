/**
 * The routes docusaurus-plugin-openapi-docs gives the API Reference's pages:
 * an operation's page (`/api/create-charge`) and a schema's page
 * (`/api/schemas/charge`). A plain module with no browser or Node API: the
 * document's reader (src/openapi/document.ts), the search engine
 * (src/search/engine.ts) and the MCP server (mcp/openapi.ts) read the routes
 * from here.
 */

const SCHEMA_PAGES = '/api/schemas/';

/** `createCharge` -> `/api/create-charge`: the page of the operation with this operationId. */
export function operationPageUrl(operationId: string): string {
  return `/api/${operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/**
 * `Charge` -> `charge`, `CountryCodeAlpha3` -> `countrycodealpha-3`: the id the plugin gives a schema's
 * page (lodash's kebabCase of the lower-cased name, which splits letters from digits).
 */
export function schemaPageId(name: string): string {
  return name
    .toLowerCase()
    .replace(/([a-z])([0-9])/g, '$1-$2')
    .replace(/([0-9])([a-z])/g, '$1-$2');
}

/** `Charge` -> `/api/schemas/charge`: the route of the component schema's page (src/api-reference/schemaPages.ts says which have one). */
export function schemaPageUrl(name: string): string {
  return `${SCHEMA_PAGES}${schemaPageId(name)}`;
}

/** Whether a route is a schema's page. */
export function isSchemaPage(route: string): boolean {
  return route.startsWith(SCHEMA_PAGES);
}

/** Whether a route (an anchor or a query after it too) is a page of the API Reference: /api, an operation's or a schema's. */
export function isReferencePage(route: string): boolean {
  return /^\/api(?:[/#?]|$)/.test(route);
}
