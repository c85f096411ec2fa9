import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fromMicros, toMicros, usd } from '../../../lib/core';
import { rateCall } from '../../../lib/core-tools';
import { getCallRate } from '../api/browser-phone';
import type { ActiveCall } from './use-browser-phone';

/** Seconds since `since` (Unix ms), counted every second; 0 before it is set. */
export function useSecondsSince(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/**
 * An outgoing call's rate and its cost so far, rated by core as the bill will be
 * (whole increments; package minutes are not counted here).
 */
export function useRunningCost(call: ActiveCall | null, callerId: string | undefined) {
  const to = call && !call.incoming ? call.number : '';
  const rate = useQuery({
    queryKey: ['call-rate', callerId, to],
    queryFn: () => getCallRate(callerId ?? '', to),
    enabled: Boolean(to && callerId),
    staleTime: 60_000,
    retry: false,
  });
  const seconds = useSecondsSince(call?.answeredAt ?? null);
  if (!rate.data) return { seconds, rate: null, cost: null };
  const r = rate.data;
  const charge = rateCall(
    seconds,
    toMicros(String(r.perMinute)),
    r.firstIncrement,
    r.nextIncrement,
    0,
  );
  return {
    seconds,
    rate: `${usd(r.perMinute)}/min to ${r.destination}`,
    cost: usd(fromMicros(charge.cost)),
  };
}
