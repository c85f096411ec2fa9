import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { failsUntilRecovered, refusal, type Routes } from './mock-api';

/**
 * `route`, refused with `status` and `message` until the test calls `retry()`, which lets
 * it answer and clicks the page's Retry: a page's load error and its way back. The failed
 * query logs to the console; the log is silenced so the test output stays clean.
 */
export function failsUntilRetry(status: number, message: string, route: Routes[string]) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const failing = failsUntilRecovered(refusal(status, message), route);
  return {
    route: failing.route,
    retry: async () => {
      failing.recover();
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    },
  };
}
