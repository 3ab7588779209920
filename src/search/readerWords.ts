/**
 * The glossary's readers' words (src/search/glossary.ts joins them with the other lists): everyday wordings that find
 * nothing, or the wrong page, because the docs say it in the API's words, each with the site's words for it.
 *
 * A glossary as a docs team would keep one: each entry is general vocabulary (bill → invoice), never a wording added
 * because one question needs it, and never one for a held-out question (handbook/search-relevance.md). A one-word
 * wording is a word the site never uses: the glossary gives a word the site lacks the site's word for it, and never
 * reads a word the site uses as another (a test checks each against the built index). Its `example` is a readable
 * question in one of the entry's own wordings, whose answering page is in the first three hits with the glossary
 * (tests/unit/search-questions.test.ts, over the built index). `means` must be words of the site: the same test checks
 * that each of its words is in the built index or the OpenAPI document.
 *
 * To add one: write the reader's wording in `say` (lowercase; whole words; the longest first when two
 * overlap), the site's words in `means`, and an `example` question with the page that answers it.
 */
export type ReaderWording = {
  /** What readers type, lowercase, matched as whole words. */
  say: string[];
  /** The site's words for it. */
  means: string;
  /** A question in the reader's words and a page that answers it. */
  example: { query: string; page: string };
};

export const everydayWords: ReaderWording[] = [
  {
    say: [
      'multi-factor authentication',
      'multifactor authentication',
      'two-factor authentication',
      'two factor authentication',
      'multi-factor',
      'multifactor',
      '2fa',
      'mfa',
      'two-factor',
      'two factor',
      'authenticator app',
    ],
    means: 'one-time codes',
    example: { query: 'How do I turn on two-factor authentication?', page: '/help-center/settings/security' },
  },
  {
    say: ['pays too little', 'paid too little', 'pay too little', 'pays less', 'paid less'],
    means: 'underpaid',
    example: { query: 'what if the customer pays too little', page: '/guides/charges/statuses' },
  },
  {
    say: ['pays too much', 'paid too much', 'pay too much', 'pays more', 'paid more'],
    means: 'overpaid',
    example: { query: 'What happens when a customer pays too much?', page: '/guides/charges/statuses' },
  },
  {
    say: ['get notified', 'be notified', 'notified', 'notification', 'notifications', 'notify me'],
    means: 'callback',
    example: { query: 'How do I get notified when a charge is paid?', page: '/guides/webhooks/payin' },
  },
  {
    say: ['affiliates', 'affiliate', 'referring'],
    means: 'referral',
    example: { query: 'How do I earn from referring other merchants?', page: '/help-center/referral_program' },
  },
  {
    say: ['bill', 'bills'],
    means: 'invoice',
    example: { query: 'How do I send a customer a bill?', page: '/guides/invoices/description' },
  },
  {
    say: ['logged in', 'signed in', 'logins'],
    means: 'sessions',
    example: { query: 'Can I see who is logged in to my account?', page: '/help-center/settings/security' },
  },
  {
    say: ['statement', 'statements'],
    means: 'report',
    example: { query: 'How do I download a statement for last month?', page: '/help-center/reports' },
  },
  {
    say: ['sub-account', 'sub-accounts', 'subaccount', 'subaccounts'],
    means: 'submerchant',
    example: { query: 'How do I add a sub-account?', page: '/help-center/settings/submerchants' },
  },
  {
    say: ['approve'],
    means: 'confirm',
    example: { query: 'How do I approve a mass payout?', page: '/help-center/mass-payouts/creating' },
  },
  {
    say: [
      'putting money into',
      'funding my account',
      'funded my account',
      'funding my balance',
      'putting money in',
      'adding money to',
      'adding funds to',
      'added money to',
      'added funds to',
      'put money into',
      'fund my balance',
      'add money to',
      'add funds to',
      'fund my account',
      'put money in',
    ],
    means: 'top up',
    example: { query: 'How do I put money into my account?', page: '/help-center/topup' },
  },
  {
    say: ['cashing out', 'cashed out', 'cashes out', 'money out', 'cash out'],
    means: 'withdraw',
    example: { query: 'How do I get my money out to my bank account?', page: '/help-center/withdrawal/fiat' },
  },
  {
    say: ['bulk payout', 'bulk payouts', 'batch payout', 'batch payouts'],
    means: 'mass payout',
    example: { query: 'How do I make a bulk payout?', page: '/guides/mass-payouts' },
  },
  {
    say: [
      'creating an account',
      'created an account',
      'opening an account',
      'opened an account',
      'making an account',
      'create an account',
      'open an account',
      'make an account',
      'create my account',
      'open my account',
    ],
    means: 'sign up',
    example: { query: 'How do I open an account?', page: '/help-center/registration' },
  },
  {
    // A charge has a minimum accepted amount (min_accepted_amount_usd).
    say: ['smallest', 'lowest', 'minimal'],
    means: 'minimum',
    example: { query: 'What is the smallest payment a customer can make?', page: '/api/charges' },
  },
  {
    // The ledger's transactions record each operation that moves an amount (help centre: transactions).
    say: ['movements of money', 'movement of money', 'money movements', 'money movement'],
    means: 'transactions',
    example: { query: 'Where can I see every movement of money in my account?', page: '/help-center/transactions' },
  },
  {
    say: ['spreadsheets', 'spreadsheet'],
    means: 'payments file',
    example: { query: 'Can I pay out to many wallets from a spreadsheet?', page: '/guides/mass-payouts' },
  },
  {
    // A charge not paid before its expires_at is expired.
    say: ['pay in time', 'pays in time', 'paid in time', 'pay on time', 'pays on time', 'paid on time', 'too late'],
    means: 'expired',
    example: { query: "What happens if my customer doesn't pay in time?", page: '/guides/charges/statuses' },
  },
  {
    say: ['take it back', 'take back', 'undo'],
    means: 'cancel',
    example: { query: 'I sent a mass payout by mistake, how do I undo it?', page: '/guides/mass-payouts' },
  },
  {
    // A submerchant's access control groups: view (the default) and reports.
    say: ['read-only', 'read only', 'view-only', 'view only'],
    means: 'view access control group',
    example: { query: 'Can I give my accountant read-only access?', page: '/help-center/settings/submerchants' },
  },
  {
    // A payment coming in, as against a payout: the docs' payin (the payin callback).
    say: ['payment arrives', 'payments arrive', 'payment comes in', 'payments come in', 'money arrives', 'money comes in'],
    means: 'payin',
    example: { query: 'get notified when a payment arrives', page: '/guides/webhooks/payin' },
  },

  {
    // A payout goes to an address you have whitelisted; the docs never say wallet.
    say: ['wallet addresses', 'wallet address', 'wallets', 'wallet'],
    means: 'address',
    example: { query: 'Can I withdraw to any wallet address?', page: '/help-center/settings/whitelist' },
  },
  {
    // Charge currencies: a crypto currency is a network (the blockchain) and a symbol.
    say: ['chains', 'chain'],
    means: 'network',
    example: { query: 'Which chains do you support?', page: '/guides/charges/currencies' },
  },
  {
    // A charge is "a request for payment in crypto".
    say: ['payment requests', 'payment request'],
    means: 'charge',
    example: { query: 'How do I create a payment request for a customer?', page: '/guides/charges/creating' },
  },
  {
    // A deposit is a crypto address on one network and symbol that receives deposit payments.
    say: ['static addresses', 'static address'],
    means: 'deposit address',
    example: { query: 'Can I get a static address to receive payments on?', page: '/guides/deposits/description' },
  },
  {
    // Top up by bank transfer (SWIFT or SEPA); fiat withdrawals go to a bank account the same ways.
    say: ['wire transfers', 'wire transfer', 'bank wire', 'wire'],
    means: 'bank transfer',
    example: { query: 'Can I top up my balance by wire transfer?', page: '/help-center/topup/fiat' },
  },
  {
    // The document's insufficient_balance (openapi/v2.0.yaml).
    say: ['insufficient funds', 'not enough funds', 'not enough money'],
    means: 'insufficient balance',
    example: { query: 'My withdrawal failed with insufficient funds, what do I do?', page: '/help-center/withdrawal/statuses' },
  },
  {
    // A balance entry shows the amounts available for payouts: available for withdrawal, available for mass payouts.
    say: ['withdrawable'],
    means: 'available for withdrawal',
    example: { query: 'Why is my withdrawable amount lower than my balance?', page: '/help-center/balances' },
  },
  {
    // A refund sends a customer's payment back to an address you choose.
    say: ['reimbursement', 'reimburse', 'money back'],
    means: 'refund',
    example: { query: 'How do I give a customer their money back?', page: '/help-center/refund' },
  },
  {
    // The docs' word for the person who pays: customer (customer_email, fee_payer customer).
    say: ['shoppers', 'shopper', 'buyers', 'buyer'],
    means: 'customer',
    example: { query: 'Can the buyer pay the fee on a refund?', page: '/help-center/refund' },
  },
  {
    // A submerchant's access control groups govern their access to the dashboard.
    say: ['user roles', 'permissions', 'permission', 'roles'],
    means: 'access control groups',
    example: { query: 'What permissions can I give a submerchant?', page: '/help-center/settings/submerchants' },
  },
  {
    // The account's list of allowed IP addresses (WhitelistedIp), as against whitelisted crypto addresses.
    say: ['ip allowlisting', 'ip whitelisting', 'ip allowlist', 'ip whitelist'],
    means: 'allowed IP addresses',
    example: { query: 'How do I set up an IP whitelist?', page: '/help-center/settings/ips' },
  },
  {
    // Crypto withdrawals go to whitelisted addresses.
    say: ['allowlisting', 'allowlisted', 'allowlist', 'allow list'],
    means: 'whitelist',
    example: { query: 'How do I add a crypto address to my allowlist?', page: '/help-center/settings/whitelist' },
  },
  {
    // An embeddable widget lets end users buy crypto with fiat.
    say: ['on-ramp', 'on ramp', 'onramp'],
    means: 'widget',
    example: { query: 'Can my users buy crypto through an on-ramp on my site?', page: '/api/widgets' },
  },
  {
    say: ['team members', 'teammates', 'team member', 'colleagues', 'employees', 'colleague', 'teammate', 'employee', 'my team', 'staff'],
    means: 'submerchant',
    example: { query: 'How do I give a colleague access to the dashboard?', page: '/help-center/settings/submerchants' },
  },
  {
    say: ['processing fees', 'processing fee', 'commissions', 'commission'],
    means: 'fees',
    example: { query: 'What commission is taken on a payout?', page: '/guides/payouts' },
  },
  {
    say: ['partial payments', 'partial payment', 'partially paid', 'paid partially', 'part payment', 'paid in part'],
    means: 'underpaid',
    example: { query: 'What happens with a partial payment on a charge?', page: '/guides/charges/statuses' },
  },
  {
    say: ['transaction history', 'payment history', 'account activity', 'account history', 'activity log'],
    means: 'ledger transactions',
    example: { query: 'Where can I see my transaction history?', page: '/help-center/transactions' },
  },
  {
    say: ['history of statuses', 'status history', 'status log'],
    means: 'timeline',
    example: { query: 'Can I see the status history of a charge?', page: '/guides/charges/statuses' },
  },
  {
    say: ['company verification', 'compliance checks', 'verify our company', 'compliance check', 'verify my company'],
    means: 'KYB verification',
    example: { query: 'How do I verify my company?', page: '/help-center/kyb' },
  },
  {
    say: ['risk ratings', 'risk scores', 'risk levels', 'risk rating', 'risk score', 'risk level', 'risky'],
    means: 'AML level',
    example: { query: 'Can I filter deposit payments by risk score?', page: '/guides/deposits/description' },
  },
  {
    say: ['trusted addresses', 'saved addresses', 'trusted address', 'saved address', 'address book'],
    means: 'whitelisted addresses',
    example: { query: 'How do I add an address to my address book?', page: '/help-center/settings/whitelist' },
  },
  {
    say: ['pass the fees on', 'pass the fee on', 'pass on the fees', 'pass fees on', 'surcharges', 'surcharge'],
    means: 'fee payer',
    example: { query: 'Can I pass the fees on to the recipients of a mass payout?', page: '/guides/mass-payouts' },
  },
  {
    say: ['referral codes', 'referral code', 'invite links', 'invite codes', 'invite link', 'invite code'],
    means: 'referral link',
    example: { query: 'Where do I enter a referral code when I sign up?', page: '/help-center/referral_program/links' },
  },
  {
    say: ['declined', 'rejected', 'decline', 'reject'],
    means: 'refused',
    example: { query: 'Why was my API call rejected?', page: '/guides/first-steps/api-key' },
  },
  {
    say: [
      'replenishing',
      'replenished',
      'replenishes',
      'recharging',
      'recharged',
      'recharges',
      'refilling',
      'refilled',
      'replenish',
      'recharge',
      'refills',
      'refill',
    ],
    means: 'top up',
    example: { query: 'How do I refill my balance with crypto?', page: '/help-center/topup/crypto' },
  },
  {
    say: ['euros', 'euro'],
    means: 'EUR',
    example: { query: 'Can I withdraw euros to my bank account?', page: '/help-center/withdrawal/fiat' },
  },
  {
    say: ['us dollars', 'us dollar', 'dollars', 'dollar'],
    means: 'USD',
    example: { query: 'Can I price a charge in dollars?', page: '/guides/charges/currencies' },
  },
  {
    say: ['dark mode', 'light mode', 'dark theme', 'light theme'],
    means: 'theme',
    example: { query: 'Can the hosted payment page use dark mode?', page: '/help-center/checkouts/description' },
  },
  {
    say: ['currency pairs', 'currency pair', 'trading pairs', 'trading pair'],
    means: 'convert pairs',
    example: { query: 'Which currency pairs can I convert between?', page: '/api/list-convert-pairs' },
  },
  {
    say: ['automatic conversions', 'automatic conversion', 'convert automatically', 'auto-convert', 'auto convert', 'autoconvert'],
    means: 'auto-conversion',
    example: { query: 'How do I set up automatic conversion?', page: '/help-center/settings/auto-conversion' },
  },
  {
    say: ['date ranges', 'date range', 'time ranges', 'time range', 'time frame', 'timeframe'],
    means: 'period',
    example: { query: 'Can I get a report for a custom date range?', page: '/help-center/reports' },
  },
  {
    say: ['payees', 'payee'],
    means: 'recipients',
    example: { query: 'Can I pay many payees at once?', page: '/guides/mass-payouts' },
  },
  {
    // An open invoice can be voided: the docs never cancel one.
    say: ['cancelling an invoice', 'canceling an invoice', 'cancel the invoice', 'cancel an invoice', 'cancel invoices', 'cancel invoice'],
    means: 'void an invoice',
    example: { query: 'How do I cancel an invoice I sent by mistake?', page: '/help-center/invoices/details' },
  },
  {
    // An invoice's void delay (void_after_seconds) is when it becomes void.
    say: ['invoice expiration', 'invoice deadline', 'expire the invoice', 'expire an invoice', 'invoice expiry'],
    means: 'void delay',
    example: { query: 'Can I set an invoice expiry time?', page: '/help-center/invoices/creating' },
  },
  {
    say: ['flat fees', 'flat fee', 'fixed fees', 'fixed fee'],
    means: 'fixed part',
    example: { query: 'Is there a flat fee on SEPA withdrawals?', page: '/help-center/withdrawal/fiat' },
  },
  {
    // A crypto withdrawal goes to a whitelisted address.
    say: ['withdrawal addresses', 'withdrawal address'],
    means: 'whitelisted address',
    example: { query: 'How do I add a withdrawal address?', page: '/help-center/settings/whitelist' },
  },
];
