/**
 * Compile-time check of the types generated from openapi/v2.0.yaml:
 *   openapi-typescript openapi/v2.0.yaml -o .generated/openapi.d.ts && tsc -p tests/types
 * If the document changes a field name, a type or an enum that this file uses,
 * the type check fails. Nothing here runs.
 */
import type { components, paths } from '../../.generated/openapi';

type Schemas = components['schemas'];
type Charge = Schemas['Charge'];
type CreateChargeBody = NonNullable<paths['/charges']['post']['requestBody']>['content']['application/json'];
type CreateChargeResponse = paths['/charges']['post']['responses'][200]['content']['application/json'];
type GetChargeResponse = paths['/charges/{id}']['get']['responses'][200]['content']['application/json'];

/** A valid charge create body: a fixed price in USD (the only fiat symbol for charges). */
export const fixedPriceCharge = {
  project_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b',
  pricing_type: 'fixed_price',
  fiat_price: { amount: '100.00', symbol: 'USD' },
  name: 'Order 1042',
  description: 'Two concert tickets',
  external_id: 'order-1042',
} satisfies CreateChargeBody;

/** A valid charge create body without a price, in USDT on Tron. */
export const noPriceCharge: CreateChargeBody = {
  project_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b',
  pricing_type: 'no_price',
  crypto: { network: 'tron', symbol: 'USDT' },
};

// @ts-expect-error A fixed-price charge must carry fiat_price.
export const missingFiatPrice: CreateChargeBody = {
  project_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b',
  pricing_type: 'fixed_price',
};

export const wrongFiatSymbol: CreateChargeBody = {
  project_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b',
  pricing_type: 'fixed_price',
  // @ts-expect-error The fiat symbol for charges is USD only.
  fiat_price: { amount: '100.00', symbol: 'EUR' },
};

export const numericAmount: CreateChargeBody = {
  project_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b',
  pricing_type: 'fixed_price',
  // @ts-expect-error Amounts are strings.
  fiat_price: { amount: 100, symbol: 'USD' },
};

export interface ChargeSummary {
  id: string;
  status: Schemas['ChargeStatus'] | 'unknown';
  prices: string[];
  timeline: string[];
}

/** Reads the fields a merchant integration uses from a charge. */
export function summarizeCharge(charge: Charge): ChargeSummary {
  const prices = Object.entries(charge.pricing ?? {}).map(([key, entry]) => {
    const network: Schemas['Network'] | undefined = entry.network;
    const symbol: Schemas['Symbol'] | undefined = entry.symbol;
    const amount: string | undefined = entry.amount;
    return `${key}: ${amount ?? '?'} ${symbol ?? '?'} on ${network ?? '?'} to ${entry.address ?? '?'}`;
  });
  const timeline = (charge.timeline ?? []).map((step) => {
    const status: Schemas['ChargeTimelineStatus'] | undefined = step.status;
    const context: Schemas['ChargeContext'] | null | undefined = step.context;
    return `${step.time ?? '?'} ${status ?? '?'}${context ? ` (${context})` : ''}`;
  });
  return { id: charge.id ?? '', status: charge.status ?? 'unknown', prices, timeline };
}

/** Reads the envelope of the create and get responses. */
export function chargeFromResponse(response: CreateChargeResponse | GetChargeResponse): Charge | undefined {
  return response.success ? response.data : undefined;
}

/** The payments of a charge: the required fields are typed as present. */
export function paymentTxIds(charge: Charge): string[] {
  return (charge.payments ?? []).map((payment) => `${payment.network}/${payment.symbol}: ${payment.tx_id} ${payment.amount}`);
}
