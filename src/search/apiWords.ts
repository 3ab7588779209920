/**
 * Readers' words for the API's HTTP answers, credentials and environments (src/search/readerWords.ts holds the
 * glossary's rules and the others): how developers name what the docs say in the API's own words.
 */
import type { ReaderWording } from './readerWords';

export const apiWords: ReaderWording[] = [
  {
    say: [
      'staging environment',
      'test environment',
      'dev environment',
      'without real money',
      'with fake money',
      'test money',
      'test mode',
      'testnet',
      'staging',
    ],
    means: 'sandbox',
    example: { query: 'How do I test my integration without real money?', page: '/guides/first-steps/welcome' },
  },
  {
    // Two environments: production and sandbox.
    say: ['live environment', 'going live', 'live mode', 'go live', 'mainnet'],
    means: 'production',
    example: { query: 'How do I switch from the sandbox to live mode?', page: '/guides/first-steps/welcome' },
  },
  {
    say: ['unauthenticated', 'unauthorized', 'unauthorised'],
    means: 'missing or invalid authentication',
    example: { query: 'Why does the API answer unauthorized to my calls?', page: '/guides/first-steps/api-key' },
  },
  {
    say: ['throttling', 'throttled', 'throttle'],
    means: 'rate limited',
    example: { query: 'Why is the API throttling my requests?', page: '/guides/first-steps/api-key' },
  },
  {
    say: ['signing secret', 'signing key', 'hmac key', 'hmac'],
    means: 'callback signature key',
    example: { query: 'Where do I find the signing secret for my webhooks?', page: '/help-center/settings/payout-callback' },
  },
  {
    say: ['api credentials', 'api secret key', 'secret keys', 'access keys', 'api secret', 'secret key', 'access key'],
    means: 'API key',
    example: { query: 'Where do I get my API secret?', page: '/help-center/settings/api-keys' },
  },
  {
    say: ['results per page', 'items per page', 'per page'],
    means: 'page size',
    example: { query: 'How many results per page can I get when I list charges?', page: '/guides/charges/information' },
  },
  {
    say: ['webhook secrets', 'webhook secret', 'webhook keys', 'webhook key', 'callback secret'],
    means: 'callback signature key',
    example: { query: 'Where do I find my webhook secret?', page: '/help-center/settings/payout-callback' },
  },
  {
    // A callback receiver answers 200 to say it processed the callback.
    say: ['acknowledgement', 'acknowledgment', 'acknowledge'],
    means: 'answer 200',
    example: { query: 'How should my server acknowledge a webhook?', page: '/guides/webhooks/description' },
  },
  {
    // The API's 400 is an invalid JSON body, its 422 a failed validation and its 403 forbidden.
    say: ['bad request'],
    means: 'invalid JSON body',
    example: { query: 'Why does the API answer bad request to my call?', page: '/guides/first-steps/api-key' },
  },
  {
    say: ['unprocessable content', 'unprocessable entity', 'unprocessable'],
    means: 'validation failed',
    example: { query: 'What does unprocessable entity mean in an API answer?', page: '/guides/first-steps/api-key' },
  },
  {
    say: ['permission denied', 'access denied'],
    means: 'forbidden',
    example: { query: 'Why does the API answer access denied?', page: '/guides/first-steps/api-key' },
  },
  {
    say: [
      'http status codes',
      'http status code',
      'response codes',
      'response code',
      'status codes',
      'status code',
      'http codes',
      'http code',
    ],
    means: 'HTTP statuses',
    example: { query: 'What do the API status codes mean?', page: '/guides/first-steps/api-key' },
  },
  {
    say: ['authentication token', 'access tokens', 'access token', 'auth tokens', 'auth token'],
    means: 'bearer token',
    example: { query: 'How do I send my access token with each API call?', page: '/guides/first-steps/api-key' },
  },
];
