import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
// Generated from openapi/ by `npm run gen-api` (docusaurus gen-api-docs); not committed.
import apiSidebar from './api/sidebar';

/** The API Reference sidebar (/api): the overview, then operations grouped by tag, then schemas. */
const sidebars = {
  api: apiSidebar,
} satisfies SidebarsConfig;

export default sidebars;
