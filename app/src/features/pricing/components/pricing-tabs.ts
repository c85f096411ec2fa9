export type PricingTab = 'numbers' | 'calls' | 'packages';

export const pricingTabs: { id: PricingTab; label: string }[] = [
  { id: 'numbers', label: 'Phone Numbers' },
  { id: 'calls', label: 'Call Rates' },
  { id: 'packages', label: 'Minutes Packages' },
];
