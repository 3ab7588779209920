/**
 * Readers' words for how much, how many, how long and how often (src/search/readerWords.ts holds the glossary's rules):
 * the everyday words readers name amounts, limits, counts, time and frequency with ("deadline", "spending limit",
 * "decimal places"), where the docs use their own term (expires, turnover, decimals). Written by a docs writer from the
 * specification and the built pages, with no question set (bench/HISTORY.md, search round 19).
 */
import type { ReaderWording } from './readerWords';

export const quantityWords: ReaderWording[] = [
  {
    say: [
      'expiration dates',
      'expiration times',
      'validity periods',
      'expiration date',
      'expiration time',
      'validity period',
      'expiry dates',
      'time-to-live',
      'time to live',
      'expiry date',
      'expirations',
      'expiration',
      'life span',
      'lifespan',
      'validity',
      'ttl',
    ],
    means: 'expiry',
    example: { query: 'check the expiration date of a convert token before I refund', page: '/help-center/refund' },
  },
  {
    say: [
      'stops being valid',
      'stop being valid',
      'no longer valid',
      'becomes invalid',
      'become invalid',
      'time limits',
      'time limit',
      'deadlines',
      'deadline',
    ],
    means: 'expires',
    example: { query: 'is there a deadline to use a convert token', page: '/help-center/swap/exchange' },
  },
  {
    say: [
      'maximum withdrawal amount',
      'maximum withdrawal',
      'withdrawal limits',
      'withdrawal limit',
      'withdrawal caps',
      'withdrawal cap',
      'payout limits',
      'payout caps',
      'payout cap',
    ],
    means: 'payout limit',
    example: { query: 'is there a withdrawal limit on crypto withdrawals', page: '/help-center/withdrawal/statuses' },
  },
  {
    say: [
      'going over the limit',
      'went over the limit',
      'go over the limit',
      'reached the limit',
      'above the limit',
      'over the limit',
      'hit the limit',
      'over limit',
      'maxed out',
    ],
    means: 'limit exceeded',
    example: { query: 'my payout failed because it went over the limit', page: '/guides/payouts' },
  },
  {
    say: ['spending limits', 'spending limit', 'volume limits', 'volume limit', 'volumes', 'volume'],
    means: 'turnover',
    example: { query: 'what is my account spending limit in USD', page: '/help-center/balances' },
  },
  {
    say: ['limit per day', 'every day', 'each day', 'per day'],
    means: 'daily',
    example: { query: 'how much crypto can a verified widget user buy per day', page: '/api/widgets' },
  },
  {
    say: ['limit per month', 'every month', 'each month', 'per month'],
    means: 'monthly',
    example: { query: 'widget end user limit per month', page: '/api/widgets' },
  },
  {
    say: ['how much is left', 'left to spend', 'amount left', 'allowances', 'allowance', 'headroom'],
    means: 'remaining amount',
    example: { query: 'how much allowance does an unverified widget user have left', page: '/api/widgets' },
  },
  {
    say: [
      'requests per second',
      'requests per minute',
      'request limits',
      'request limit',
      'call limits',
      'call limit',
      'api limits',
      'api limit',
      'quotas',
      'quota',
    ],
    means: 'rate limited',
    example: { query: 'how many requests per second can I send to the API', page: '/guides/first-steps/api-key' },
  },
  {
    say: ['numerous', 'multiple', 'several'],
    means: 'many',
    example: { query: 'can one payout go to multiple card numbers', page: '/help-center/mass-payouts' },
  },
  {
    say: ['batches', 'batch', 'bulk'],
    means: 'mass payout',
    example: { query: 'upload a batch of crypto payouts from a file', page: '/help-center/mass-payouts/creating' },
  },
  {
    say: ['redelivering', 'redelivered', 'redelivers', 'redelivery', 'redeliver', 'resending', 'retrying', 'resends', 'resend', 'resent'],
    means: 'retried',
    example: { query: 'will a webhook be redelivered if my server does not answer', page: '/api/schemas/callbackenvelope' },
  },
  {
    say: ['frequencies', 'frequently', 'frequency'],
    means: 'how often',
    example: { query: 'what is the callback retry frequency', page: '/api/schemas/callbackenvelope' },
  },
  {
    say: ['number of decimal places', 'decimal places', 'decimal digits', 'decimal place', 'precision'],
    means: 'decimals',
    example: { query: 'how many decimal places does a widget currency have', page: '/api/widgets' },
  },
  {
    say: ['rounding errors', 'rounding error', 'floating-point', 'floating point', 'rounding', 'rounded'],
    means: 'decimal type',
    example: { query: 'how do I avoid rounding errors when reading amounts', page: '/guides/first-steps/welcome' },
  },
  {
    say: ['failure count', 'failed count', 'success rate', 'statistics', 'statistic', 'tally'],
    means: 'stats',
    example: { query: 'see the statistics of a mass payout: how many sent and failed', page: '/help-center/mass-payouts/details' },
  },
  {
    say: ['percentage fees', 'fee percentages', 'percentage fee', 'fee percentage', 'percentages', 'percentage'],
    means: 'percent',
    example: { query: 'what percentage fee does a SEPA withdrawal have', page: '/help-center/withdrawal/fiat' },
  },
  {
    say: [
      'created between',
      'created before',
      'creation dates',
      'created after',
      'created since',
      'creation date',
      'date created',
      'created date',
    ],
    means: 'creation time',
    example: { query: 'list charges created after a given date', page: '/guides/charges/information' },
  },
  {
    say: ['spendable balance', 'usable balance', 'free balance', 'spendable'],
    means: 'available',
    example: { query: 'how much of my balance is spendable on a mass payout', page: '/help-center/balances' },
  },
  {
    say: ['automatically void', 'void automatically', 'auto-voids', 'auto-void', 'auto void'],
    means: 'void delay',
    example: { query: 'make an invoice auto-void after one hour', page: '/help-center/invoices/creating' },
  },
];
