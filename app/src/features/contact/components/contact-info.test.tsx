import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ContactInfo } from './contact-info';

describe('Contact information', () => {
  it('states the support hours and the support inbox, with no live chat', () => {
    renderWithProviders(<ContactInfo />, { route: '/contact' });
    const hours = screen.getByRole('region', { name: 'Support Hours' });
    expect(
      within(hours)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mon-Fri 9:00 AM-8:00 PM EST', 'Sat 10:00 AM-6:00 PM EST', 'Sun closed']);
    expect(screen.getByRole('heading', { name: 'Support Inbox' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/live chat|24\/7/i);
  });
});
