import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type BrowserPhone = Schema<'BrowserPhone'>;
export type CallRate = Schema<'CallRate'>;

/** SIP credentials for this page (a device of the account that lasts an hour). */
export function requestBrowserPhone(callerId?: string) {
  return api.post<BrowserPhone>('/sip/browser-phone', callerId ? { callerId } : {});
}

/**
 * What a call from `from` to `to` is billed a minute, for the running cost; `inbound`:
 * a call to the account's number `to`.
 */
export function getCallRate(from: string, to: string, inbound = false) {
  const query = new URLSearchParams({ from, to, inbound: String(inbound) });
  return api.get<CallRate>(`/sip/browser-phone/rate?${query}`);
}
