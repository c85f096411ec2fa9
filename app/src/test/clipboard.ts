import { vi } from 'vitest';

/** A clipboard whose writes the test reads back. */
export function stubClipboard() {
  const writeText = vi.fn(async () => {});
  // user-event installs its own clipboard on setup; replace it after.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}
