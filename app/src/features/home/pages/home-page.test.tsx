import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HomePage } from './home-page';

describe('Home page', () => {
  it("states the support days of the contact page's hours, never round the clock", () => {
    renderWithProviders(<HomePage />, { route: '/' });
    const stats = screen.getByRole('region', { name: 'Dialtone in numbers' });
    expect(within(stats).getByText('Support').nextElementSibling).toHaveTextContent('Mon–Sat');
    expect(document.body).not.toHaveTextContent(/24\/7|chat/i);
    expect(screen.getByText(/answer your messages by email, Mon–Sat/)).toBeInTheDocument();
  });
});
