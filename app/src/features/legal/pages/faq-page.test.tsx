import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FaqPage } from './faq-page';

describe('FAQ page', () => {
  it('names cards as the only way to pay', () => {
    renderWithProviders(<FaqPage />, { route: '/faq' });
    expect(
      screen.getByText(/^By credit or debit card \(Visa, Mastercard, Amex\)/),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/SWIFT|crypto|BTC|PayPal|Skrill/i);
  });

  it("states the contact page's support hours, with no live chat", () => {
    renderWithProviders(<FaqPage />, { route: '/faq' });
    expect(
      screen.getByText(
        'Through the contact form or by email at support@dialtone.test. Support hours are Mon-Fri 9:00 AM-8:00 PM EST and Sat 10:00 AM-6:00 PM EST; closed Sun.',
      ),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/live chat|24\/7/i);
  });
});
