import type { CapsInput } from '../../../lib/core';

/** The six limits as their forms label them, in the order the API lists them. */
export const limitFields: Array<{
  name: keyof CapsInput;
  label: string;
  money: boolean;
}> = [
  { name: 'maxRatePerMinute', label: 'Highest price a minute ($)', money: true },
  { name: 'maxCallCost', label: 'Most one call may cost ($)', money: true },
  { name: 'dailySpend', label: 'Spending a day, calls and SMS ($)', money: true },
  { name: 'concurrentCalls', label: 'Calls at once', money: false },
  { name: 'callsPerSecond', label: 'New calls a second', money: false },
  { name: 'smsPerMinute', label: 'Messages a minute', money: false },
];

/** A limit as a hint shows it: "$25.00", "10", or "none". */
export function shown(value: string, money: boolean): string {
  if (value === '') return 'none';
  return money ? `$${value}` : value;
}

/** The six limits as sent: each field's text, trimmed. */
export function trimmedLimits(
  values: Record<keyof CapsInput, string>,
): Record<keyof CapsInput, string> {
  return Object.fromEntries(limitFields.map((f) => [f.name, values[f.name].trim()])) as Record<
    keyof CapsInput,
    string
  >;
}
