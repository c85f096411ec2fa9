import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ProductsPage } from './products-page';
import { plansBody, professionalPlan, seededPlans } from '../../../test/plan-fixtures';

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

  it("states the cheapest plan's monthly price and minutes from the plan catalogue", async () => {
    // Listed out of price order: the cheapest is found, not the first.
    const plans = [professionalPlan, ...seededPlans.filter((p) => p.id !== 2)];
    mockApi({
      'GET /api/catalogue/pricing': ok({ countries: [], summary }),
      'GET /api/catalogue/plans': ok(plansBody(plans)),
    });
    renderWithProviders(<ProductsPage />, { route: '/products' });
    expect(
      await within(card('Outbound Calls')).findByText(
        'Monthly plans from $9.00/mo with 500 minutes',
      ),
    ).toBeVisible();
  });

  it('claims nothing the product does not do', () => {
    mockApi({ 'GET /api/catalogue/pricing': ok({ countries: [], summary }) });
    renderWithProviders(<ProductsPage />, { route: '/products' });
    expect(document.body).not.toHaveTextContent(
      /account manager|volume discount|drag-and-drop|queue music|voicemail to email|24\/7/i,
    );
    expect(
      within(card('Inbound Calls')).getByText('Call forwarding and ring groups'),
    ).toBeVisible();
  });

  it('says the prices are loading until the price list answers', () => {
    mockApi({ 'GET /api/catalogue/pricing': () => new Promise(() => {}) });
    renderWithProviders(<ProductsPage />, { route: '/products' });
    expect(within(card('Inbound Calls')).getByText('Loading prices…')).toBeVisible();
  });
});
