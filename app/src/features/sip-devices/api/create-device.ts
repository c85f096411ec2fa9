import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';
import type { SipDeviceInput } from '../../../lib/core';

export type NewSipDevice = Schema<'NewSipDevice'>;

/** Creates credentials; the answer carries the password, shown this once. */
export function createSipDevice(input: SipDeviceInput) {
  return api.post<NewSipDevice>('/sip/devices', input);
}
