/**
 * Readers' words from other payment and crypto APIs (src/search/readerWords.ts holds the glossary's rules): the
 * industry's words developers bring to this API ("payment intent", "webhook payload", "mock server", "quote"), where
 * the docs name the same thing their own way (charge, callback envelope, local sandbox, convert token). Written by a docs
 * writer from the specification and the built pages, with no question set (bench/HISTORY.md, search round 20).
 */
import type { ReaderWording } from './readerWords';

export const providerWords: ReaderWording[] = [
  {
    say: ['payment intents', 'payment intent', 'paymentintents', 'paymentintent'],
    means: 'charge',
    example: { query: 'how do I create a payment intent from my server for an order', page: '/guides/charges/creating' },
  },
  {
    say: ['hosted checkout pages', 'hosted checkout page', 'checkout sessions', 'checkout session', 'hosted checkouts', 'hosted checkout'],
    means: 'hosted payment page',
    example: {
      query: 'redirect the customer to a checkout session url after my server creates the payment',
      page: '/guides/charges/description',
    },
  },
  {
    say: [
      'thank you pages',
      'thank-you pages',
      'thank you page',
      'thank-you page',
      'success pages',
      'success page',
      'success urls',
      'success url',
    ],
    means: 'return URL',
    example: { query: 'set a success url for the page customers pay on', page: '/guides/checkouts/description' },
  },
  {
    say: ['instant payment notifications', 'instant payment notification', 'postbacks', 'postback', 'ipns', 'ipn'],
    means: 'callback',
    example: { query: 'does the api send an ipn when a charge changes status', page: '/guides/webhooks/payin' },
  },
  {
    say: [
      'callback payloads',
      'callback payload',
      'webhook payloads',
      'webhook payload',
      'event payloads',
      'webhook bodies',
      'event payload',
      'webhook body',
    ],
    means: 'callback envelope',
    example: { query: 'what fields does the webhook payload contain', page: '/guides/webhooks/description' },
  },
  {
    say: ['api endpoints', 'api endpoint', 'endpoints', 'endpoint'],
    means: 'call',
    example: { query: 'which api endpoints work without authentication', page: '/guides/first-steps/api-key' },
  },
  {
    say: ['mocking the api', 'mock servers', 'mock the api', 'mock server', 'api mocks', 'mock apis', 'api mock', 'mock api'],
    means: 'local sandbox',
    example: { query: 'run my tests against a mock server instead of the real api', page: '/guides/first-steps/welcome' },
  },
  {
    say: ['interactive api docs', 'api playgrounds', 'api playground', 'api explorers', 'api consoles', 'api explorer', 'api console'],
    means: 'Try it',
    example: { query: 'is there an api playground to send requests from the docs', page: '/guides/first-steps/welcome' },
  },
  {
    say: ['trc-20 tokens', 'trc-20 token', 'trc20 tokens', 'trc20 token', 'trc 20', 'trc-20', 'trc20'],
    means: 'tron',
    example: { query: 'create a charge without a price in usdt trc20', page: '/guides/charges/creating' },
  },
  {
    say: ['cryptocurrencies', 'cryptos'],
    means: 'crypto currencies',
    example: { query: 'which cryptocurrencies can a charge be paid in', page: '/guides/charges/currencies' },
  },
  {
    say: [
      'conversion quotes',
      'conversion quote',
      'exchange quotes',
      'exchange quote',
      'fx quotes',
      'quote ids',
      'fx quote',
      'quote id',
      'quote',
    ],
    means: 'convert token',
    example: { query: 'get a quote to convert usdt to eur before executing the conversion', page: '/api/get-convert-token' },
  },
  {
    say: ['balance transactions', 'balance transaction'],
    means: 'ledger transactions',
    example: { query: 'list balance transactions with their fees and exchange rates', page: '/help-center/transactions' },
  },
  {
    say: [
      'client reference ids',
      'client reference id',
      'merchant references',
      'merchant reference',
      'order references',
      'order reference',
      'reference ids',
      'reference id',
    ],
    means: 'external id',
    example: { query: 'find a charge again by my merchant reference', page: '/guides/charges/information' },
  },
  {
    say: [
      'batch withdrawals',
      'bulk withdrawals',
      'batch transfers',
      'batch transfer',
      'bulk transfers',
      'payout batches',
      'bulk transfer',
      'payout batch',
    ],
    means: 'mass payout',
    example: { query: 'create a payout batch to pay many addresses in one request', page: '/guides/mass-payouts' },
  },
  {
    say: ['code snippets', 'code snippet', 'snippets', 'snippet'],
    means: 'samples',
    example: { query: 'go code snippet to authenticate with a bearer token', page: '/guides/first-steps/api-key' },
  },
];
