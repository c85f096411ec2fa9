import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type SipBan = Schema<'SipBan'>;

/** The addresses the SIP switch bans now; fetched again every 30 seconds while shown. */
export function useSipBans() {
  return useApiGet<Schema<'SipBans'>, SipBan[]>(['admin', 'sip-bans'], '/admin/sip/bans', {
    select: (data) => data.bans,
    pollEvery: 30_000,
  });
}
