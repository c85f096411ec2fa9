import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type DemoPhone = Schema<'DemoPhone'>;

export const demoPhoneKey = ['trial', 'demo-phone'] as const;

/** The loopback carrier's messages for this account; fetched again every 3 seconds while shown. */
export function useDemoPhone() {
  return useApiGet<DemoPhone>(demoPhoneKey, '/trial/demo-phone', { pollEvery: 3_000 });
}
