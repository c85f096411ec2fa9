import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ProductsPage } from './products-page';

const summary = {
  countries: 245,
  numbersFrom: 1.89,
  inboundFrom: 0.014,
  outboundFrom: 0.019,
  smsFrom: 0.01,
  setupFee: 1,
};

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('Products page', () => {
  it("shows each product's lowest price as the price list has it, not as typed", async () => {
    mockApi({ 'GET /api/catalogue/pricing': ok({ countries: [], summary }) });
    renderWithProviders(<ProductsPage />, { route: '/products' });
    expect(await within(card('Virtual Phone Numbers')).findByText('From $1.89/mo')).toBeVisible();
    expect(within(card('Inbound Calls')).getByText('From $0.014/min')).toBeVisible();
    expect(within(card('Outbound Calls')).getByText('From $0.019/min')).toBeVisible();
    expect(within(card('SMS Messaging')).getByText('From $0.01/message')).toBeVisible();
    expect(within(card('Global Coverage')).getByText('Custom pricing')).toBeVisible();
  });

  it('says the prices are loading until the price list answers', () => {
    mockApi({ 'GET /api/catalogue/pricing': () => new Promise(() => {}) });
    renderWithProviders(<ProductsPage />, { route: '/products' });
    expect(within(card('Inbound Calls')).getByText('Loading prices…')).toBeVisible();
  });
});
