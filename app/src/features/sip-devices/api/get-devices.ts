import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

export type SipDevice = Schema<'SipDevice'>;
export type SipDevices = Schema<'SipDevices'>;

export const sipDevicesKey = ['sip-devices'] as const;

export function getSipDevices() {
  return api.get<SipDevices>('/sip/devices');
}

/** Registration state changes on its own: refetched every 30 seconds while shown. */
export function useSipDevices() {
  return useQuery({
    queryKey: sipDevicesKey,
    queryFn: getSipDevices,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}
