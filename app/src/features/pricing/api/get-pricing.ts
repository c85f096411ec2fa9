import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type CountryPrice = Schema<'PricingRow'>;
export type PricingSummary = Schema<'PricingSummary'>;
type Pricing = Schema<'Pricing'>;

export async function getPricing(): Promise<Pricing> {
  return api.get<Pricing>('/catalogue/pricing');
}

function usePricingQuery<T>(select: (data: Pricing) => T) {
  return useQuery({ queryKey: ['catalogue', 'pricing'], queryFn: getPricing, select });
}

/** The price list's countries, in display order. */
export function usePricing() {
  return usePricingQuery((data) => data.countries);
}

/** What the public pages claim (countries covered, "from" prices), as the server computed it from the price list. */
export function usePricingSummary() {
  return usePricingQuery((data) => data.summary);
}
