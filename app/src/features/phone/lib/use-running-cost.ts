import { useQuery } from '@tanstack/react-query';
import { useTickingNow } from '../../../lib/use-ticking-now';
import { fromMicros, rate as formatRate, toMicros, usd } from '../../../lib/core';
import { getCallRate } from '../api/browser-phone';
import type { ActiveCall } from './use-browser-phone';

/** Seconds since `since` (Unix ms), counted every second; 0 before it is set. */
export function useSecondsSince(since: number | null): number {
  const now = useTickingNow(since);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/**
 * The call rules' wasm module, fetched when a call is first on screen: the phone's dock
 * is in the client area's layout, and a static import would put that module in every
 * page's first load.
 */
const loadTools = () => import('../../../lib/core-tools');

/**
 * A call's rate and its cost so far, rated by core as the bill will be (whole
 * increments; package minutes are not counted here): the destination's rate for an
 * outgoing call, the called number's inbound rate for an incoming one.
 */
export function useRunningCost(call: ActiveCall | null, callerId: string | undefined) {
  const incoming = call?.incoming ?? false;
  const from = incoming ? call?.number : callerId;
  const to = incoming ? call?.calledNumber : call?.number;
  const rate = useQuery({
    queryKey: ['call-rate', from, to, incoming],
    queryFn: () => getCallRate(from ?? '', to ?? '', incoming),
    enabled: Boolean(from && to),
    staleTime: 60_000,
    retry: false,
  });
  const tools = useQuery({
    queryKey: ['core-tools'],
    queryFn: loadTools,
    enabled: call !== null,
    staleTime: Infinity,
    // A module, not data to compare.
    structuralSharing: false,
  });
  const seconds = useSecondsSince(call?.answeredAt ?? null);
  if (!rate.data || !tools.data) return { seconds, rate: null, cost: null };
  const r = rate.data;
  const charge = tools.data.rateCall(
    seconds,
    toMicros(String(r.perMinute)),
    r.firstIncrement,
    r.nextIncrement,
    0,
  );
  return {
    seconds,
    rate: incoming
      ? `${formatRate(r.perMinute)}/min incoming (${r.destination})`
      : `${formatRate(r.perMinute)}/min to ${r.destination}`,
    cost: usd(fromMicros(charge.cost)),
  };
}
