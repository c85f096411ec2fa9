import type { BuyableCountry, NumberType } from '../api/get-countries';

export const numberTypes: { value: NumberType; label: string; description: string }[] = [
  { value: 'mobile', label: 'Mobile', description: 'Calls and SMS on a mobile number.' },
  { value: 'landline', label: 'Landline', description: 'A local geographic number.' },
  { value: 'tollfree', label: 'Toll-Free', description: 'Free for your callers to dial.' },
];

export function numberTypeLabel(value: string | null): string {
  return numberTypes.find((type) => type.value === value)?.label ?? value ?? '';
}

export function offers(country: BuyableCountry, type: NumberType): boolean {
  return country[type];
}
