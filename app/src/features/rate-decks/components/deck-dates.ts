import { rateDeckInForceFrom } from '../../../lib/core-tools';

// A deck's effective date is a UTC day: the server starts it at 00:00 UTC, so it is
// shown in UTC too, never shifted a day by the browser's time zone.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Dec 1, 2026" for "2026-12-01"; anything else as it came. */
export function formatDeckDate(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : day.format(ms);
}

/**
 * Whether a deck applied at `now` takes over at once: core's rule (the later of its
 * date and the moment it is applied), the one the server applies.
 */
export function takesEffectNow(effectiveFrom: string, now = Date.now()): boolean {
  const from = rateDeckInForceFrom(effectiveFrom, now);
  return from === null || from <= now;
}
