import { useEffect, useState } from 'react';

/**
 * The time (Unix ms), ticking every second once `since` is set: what a countdown or a
 * running clock redraws with. Before `since`, the time it was first rendered.
 */
export function useTickingNow(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return now;
}
