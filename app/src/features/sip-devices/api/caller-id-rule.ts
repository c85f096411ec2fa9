import type { Schema } from '../../../generated/api-types';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';

export type CallerIdRule = Schema<'CallerIdRule'>;

export const callerIdRuleKey = ['sip-devices', 'caller-id-rule'] as const;

/** What the switch does with a device's call whose caller ID is not one of the account's numbers. */
export function useCallerIdRule() {
  return useApiGet<CallerIdRule>(callerIdRuleKey, '/sip/caller-id-rule', { staleTime: 0 });
}

export function saveCallerIdRule(rule: CallerIdRule) {
  return api.put<CallerIdRule>('/sip/caller-id-rule', rule);
}
