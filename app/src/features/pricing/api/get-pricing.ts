import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type CountryPrice = Schema<'PricingRow'>;

export async function getPricing(): Promise<CountryPrice[]> {
  const data = await api.get<{ countries: CountryPrice[] }>('/catalogue/pricing');
  return data.countries;
}

export function usePricing() {
  return useQuery({ queryKey: ['catalogue', 'pricing'], queryFn: getPricing });
}
