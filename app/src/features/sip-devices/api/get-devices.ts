import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type SipDevice = Schema<'SipDevice'>;
export type SipDevices = Schema<'SipDevices'>;

export const sipDevicesKey = ['sip-devices'] as const;

/** Registration state changes on its own: refetched every 30 seconds while shown. */
export function useSipDevices() {
  return useApiGet<SipDevices>(sipDevicesKey, '/sip/devices', { pollEvery: 30_000 });
}
