import type { Schema } from '../../../generated/api-types';
import { usePagedList } from '../../../lib/use-paged-list';

/** A TwiML fetch or webhook attempt: what was sent, what came back, Twilio's code. */
export type DebuggerEvent = Schema<'DebuggerEvent'>;

export interface DebuggerFilters {
  /** twiml, webhook or empty for both. */
  source: string;
  /** info, warning, error or empty for all. */
  level: string;
}

export const debuggerKey = ['debugger'] as const;

export function useDebuggerEvents(filters: DebuggerFilters, page: number) {
  return usePagedList<DebuggerEvent>(debuggerKey, '/debugger', { ...filters }, page);
}
