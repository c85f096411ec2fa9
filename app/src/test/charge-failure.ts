import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The balance could not cover a charge: the alert (in `container`, the page unless told)
 * says `message` and links to Add funds.
 */
export async function expectChargeFailure(message: string, container: HTMLElement = document.body) {
  const alert = await within(container).findByRole('alert');
  expect(alert).toHaveTextContent(message);
  expect(within(alert).getByRole('link', { name: 'Add funds' })).toHaveAttribute(
    'href',
    '/client/deposit',
  );
}
