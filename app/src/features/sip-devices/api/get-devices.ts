import type { Schema } from '../../../lib/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type SipDevice = Schema<'SipDevice'>;
export type SipDevices = Schema<'SipDevices'>;

export const sipDevicesKey = ['sip-devices'] as const;

/** Registration state changes on its own: refetched every 30 seconds while shown. */
export function useSipDevices() {
  return useApiGet<SipDevices>(sipDevicesKey, '/sip/devices', {
    staleTime: 0,
    refetchInterval: 30_000,
  });
}
