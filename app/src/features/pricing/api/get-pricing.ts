import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CountryPrice {
  id: number;
  name: string;
  code: string;
  flag: string;
  mobile: number | null;
  landline: number | null;
  tollFree: number | null;
  inboundRate: number;
  outboundRate: number;
}

export async function getPricing(): Promise<CountryPrice[]> {
  const data = await api.get<{ countries: CountryPrice[] }>('/catalogue/pricing');
  return data.countries;
}

export function usePricing() {
  return useQuery({ queryKey: ['catalogue', 'pricing'], queryFn: getPricing });
}
