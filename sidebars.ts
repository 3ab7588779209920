import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { section } from './src/sidebarSection';

/** The guides sidebar (/guides), in the order of the specification's routes (guideRoutes in tests/fixtures/routes.ts). */
const sidebars = {
  guides: [
    section('First steps', 'first-steps', ['welcome', 'api-key']),
    section('Charges', 'charges', ['attributes', 'creating', 'currencies', 'description', 'information', 'statuses']),
    section('Checkouts', 'checkouts', ['description']),
    section('Deposits', 'deposits', ['description']),
    section('Invoices', 'invoices', ['description', 'statuses']),
    'mass-payouts',
    'payouts',
    section('Webhooks', 'webhooks', ['deposit', 'description', 'payin', 'payout']),
  ],
} satisfies SidebarsConfig;

export default sidebars;
