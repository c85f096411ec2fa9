import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type CodeCosts = Schema<'CodeCosts'>;

/** The trial's verification codes sent and what they cost the provider. */
export function useCodeCosts() {
  return useApiGet<CodeCosts>(['admin', 'trial', 'codes'], '/admin/trial/codes', {
    pollEvery: 60_000,
  });
}
