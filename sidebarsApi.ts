import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
// Generated from openapi/ by `npm run gen-api` (docusaurus gen-api-docs); not committed.
import apiSidebar from './api/sidebar';

type Item = (typeof apiSidebar)[number];

/** Hand-written pages of the reference (reference/*.mdx, copied into api/ by gen-api), placed before the schemas. */
const handWritten: Item[] = [{ type: 'doc', id: 'widgets', label: 'Widgets' }];

const schemas = apiSidebar.findIndex((item) => typeof item === 'object' && 'label' in item && item.label === 'Schemas');
if (schemas < 0)
  throw new Error('sidebarsApi.ts: the generated API sidebar has no "Schemas" category to place the hand-written pages before');

/** The API Reference sidebar (/api): the overview, then operations grouped by tag, the hand-written pages, then schemas. */
const sidebars = {
  api: [...apiSidebar.slice(0, schemas), ...handWritten, ...apiSidebar.slice(schemas)],
} satisfies SidebarsConfig;

export default sidebars;
