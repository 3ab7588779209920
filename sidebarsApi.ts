import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
// Generated from openapi/ by `npm run gen-api` (docusaurus gen-api-docs); not committed.
import apiSidebar from './api/sidebar';
import { SCHEMA_PAGES } from './src/api-reference/schemaPages';
import { schemaPageId } from './src/api-reference/routes';

type Item = (typeof apiSidebar)[number];

/** Hand-written pages of the reference (reference/*.mdx, copied into api/ by gen-api), placed before the objects. */
const handWritten: Item[] = [{ type: 'doc', id: 'widgets', label: 'Widgets' }];

const schemas = apiSidebar.findIndex((item) => typeof item === 'object' && 'label' in item && item.label === 'Schemas');
if (schemas < 0)
  throw new Error('sidebarsApi.ts: the generated API sidebar has no "Schemas" category to place the hand-written pages before');

/** The schema pages built (docusaurus.config.ts includes the API's objects only: src/api-reference/schemaPages.ts). */
const built = new Set(SCHEMA_PAGES.map((name) => `schemas/${schemaPageId(name)}`));
const schemaCategory = apiSidebar[schemas];
if (typeof schemaCategory !== 'object' || !('items' in schemaCategory)) throw new Error('sidebarsApi.ts: "Schemas" is not a category');
const objects = {
  ...schemaCategory,
  label: 'Objects',
  items: schemaCategory.items.filter((item) => typeof item === 'object' && 'id' in item && built.has(item.id)),
};
if (objects.items.length !== built.size)
  throw new Error(`sidebarsApi.ts: the generated sidebar lists ${objects.items.length} of the ${built.size} object pages`);

/** The API Reference sidebar (/api): the overview, then operations grouped by tag, the hand-written pages, then the objects. */
const sidebars = {
  api: [...apiSidebar.slice(0, schemas), ...handWritten, objects, ...apiSidebar.slice(schemas + 1)],
} satisfies SidebarsConfig;

export default sidebars;
