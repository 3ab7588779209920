import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { section } from './src/sidebarSection';

/** The help centre sidebar (/help-center), in the order of the specification's routes (helpCenterRoutes in tests/fixtures/routes.ts). */
const sidebars = {
  helpCenter: [
    'registration',
    'kyb',
    'balances',
    'reports',
    'transactions',
    'refund',
    section('Top up', 'topup', ['crypto', 'fiat']),
    section('Swap', 'swap', ['exchange', 'details']),
    section('Withdrawal', 'withdrawal', ['crypto', 'fiat', 'statuses']),
    section('Projects', 'projects', ['creating', 'details']),
    section('Checkouts', 'checkouts', ['description', 'creating', 'details']),
    section('Invoices', 'invoices', ['description', 'creating', 'details']),
    section('Mass payouts', 'mass-payouts', ['creating', 'details']),
    section('Referral program', 'referral_program', ['registration', 'links', 'dashboard']),
    section('Settings', 'settings', [
      'api-keys',
      'auto-conversion',
      'bank-details',
      'domain',
      'ips',
      'payout-callback',
      'security',
      'submerchants',
      'whitelist',
    ]),
  ],
} satisfies SidebarsConfig;

export default sidebars;
