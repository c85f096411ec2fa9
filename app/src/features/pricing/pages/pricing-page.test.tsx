import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failsUntilRecovered, mockApi, ok, refusal } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { PricingPage } from './pricing-page';
import { retype } from '../../../test/forms';
import { plansBody } from '../../../test/plan-fixtures';

const countries = [
  {
    id: 1,
    name: 'United States',
    code: 'US',
    flag: '🇺🇸',
    mobile: 2.99,
    landline: 1.99,
    tollFree: 3.99,
    inboundRate: 0.015,
    outboundRate: 0.02,
    smsRate: 0.01,
  },
  {
    id: 6,
    name: 'Japan',
    code: 'JP',
    flag: '🇯🇵',
    mobile: 5.99,
    landline: null,
    tollFree: 6.49,
    inboundRate: 0.03,
    outboundRate: 0.045,
    smsRate: 0.07,
  },
];

const summary = {
  countries: 2,
  numbersFrom: 1.99,
  inboundFrom: 0.015,
  outboundFrom: 0.02,
  smsFrom: 0.01,
  setupFee: 2.5,
  recordingRate: 0.0025,
};
const body = { countries, summary };

function row(name: string) {
  return screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
}

describe('Pricing page', () => {
  it('lists monthly number prices through core, with a dash for a missing price', async () => {
    mockApi({ 'GET /api/catalogue/pricing': ok(body) });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    expect(screen.getByRole('tab', { name: 'Phone Numbers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await screen.findByRole('rowheader', { name: /United States/ });
    expect(within(row('United States')).getByText('$2.99')).toBeInTheDocument();
    expect(within(row('Japan')).getByText('—')).toBeInTheDocument();
    expect(within(row('Japan')).getByRole('link', { name: 'Buy Number' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('states the setup fee in force beside the number prices', async () => {
    mockApi({ 'GET /api/catalogue/pricing': ok(body) });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    expect(
      await screen.findByText(
        'Monthly price per number, in USD. A one-time setup fee of $2.50 applies per number.',
      ),
    ).toBeInTheDocument();
  });

  it('draws the flags as SVG images next to the names, never as emoji', async () => {
    mockApi({ 'GET /api/catalogue/pricing': ok(body) });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    const us = await screen.findByRole('rowheader', { name: /United States/ });
    await waitFor(
      () => expect(us.querySelector('img[data-flag="US"]')).toHaveAttribute('aria-hidden', 'true'),
      // The flag map is a lazy chunk of 259 SVG imports: slow to transform under load.
      { timeout: 10_000 },
    );
    expect(row('Japan').querySelector('img[data-flag="JP"]')).not.toBeNull();
    expect(us).not.toHaveTextContent('🇺🇸');
    expect(row('Japan')).not.toHaveTextContent('🇯🇵');
  });

  it('filters by name or code, case-insensitively', async () => {
    mockApi({ 'GET /api/catalogue/pricing': ok(body) });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    await screen.findByRole('rowheader', { name: /Japan/ });
    const search = screen.getByPlaceholderText('Search countries...');
    await userEvent.type(search, 'us');
    expect(screen.queryByRole('rowheader', { name: /Japan/ })).toBeNull();
    expect(screen.getByRole('rowheader', { name: /United States/ })).toBeInTheDocument();
    await retype(search, 'jAp');
    expect(screen.getByRole('rowheader', { name: /Japan/ })).toBeInTheDocument();
    await userEvent.type(search, 'x');
    expect(screen.getByText('No countries match your search')).toBeInTheDocument();
  });

  it('shows call rates with three decimals', async () => {
    mockApi({ 'GET /api/catalogue/pricing': ok(body) });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    await screen.findByRole('rowheader', { name: /Japan/ });
    await userEvent.click(screen.getByRole('tab', { name: 'Call Rates' }));
    expect(within(row('United States')).getByText('$0.015')).toBeInTheDocument();
    expect(within(row('United States')).getByText('$0.020')).toBeInTheDocument();
    expect(within(row('Japan')).getByText('$0.070')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'SMS (per message)' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Per-minute call rates and per-message SMS rates, in USD. A call recording costs $0.0025 per started minute.',
      ),
    ).toBeInTheDocument();
    expect(within(row('Japan')).getByRole('link', { name: 'Buy Minutes' })).toBeInTheDocument();
  });

  it("shows the catalogue's plans on the Minutes Packages tab, nothing typed", async () => {
    mockApi({
      'GET /api/catalogue/pricing': ok(body),
      'GET /api/catalogue/plans': ok(plansBody()),
    });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    await userEvent.click(screen.getByRole('tab', { name: 'Minutes Packages' }));
    const panel = screen.getByRole('tabpanel');
    const cards = await within(panel).findAllByRole('listitem', { name: /^(Basic|Pro|Ent)/ });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Basic',
      'Professional',
      'Enterprise',
    ]);
    const pro = within(panel).getByRole('listitem', { name: 'Professional' });
    expect(within(pro).getByText('MOST POPULAR')).toBeInTheDocument();
    expect(within(pro).getByText('$29.00')).toBeInTheDocument();
    expect(within(pro).getByText('/month')).toBeInTheDocument();
    expect(within(pro).getByText('Saves 23% against pay as you go')).toBeInTheDocument();
    for (const line of ['2,000 outbound minutes', '1 IVR flow included', 'Priority support']) {
      expect(within(pro).getByText(line)).toBeInTheDocument();
    }
    expect(within(pro).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/signup',
    );
    const basic = within(panel).getByRole('listitem', { name: 'Basic' });
    expect(within(basic).getByText('$9.00')).toBeInTheDocument();
    expect(within(basic).queryByText('MOST POPULAR')).toBeNull();
    expect(within(panel).getAllByText('MOST POPULAR')).toHaveLength(1);
    expect(panel).not.toHaveTextContent(/24\/7|chat|Starter|\$79/i);
  });

  it('says so when no plan is on sale, and offers a retry when the plans fail', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const plans = failsUntilRecovered(refusal(503, 'Service unavailable.'), ok(plansBody([])));
    mockApi({ 'GET /api/catalogue/pricing': ok(body), 'GET /api/catalogue/plans': plans.route });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    await userEvent.click(screen.getByRole('tab', { name: 'Minutes Packages' }));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    plans.recover();
    await userEvent.click(retry);
    expect(await screen.findByText('No plans are on sale right now.')).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows a loading state while the plans load', async () => {
    mockApi({
      'GET /api/catalogue/pricing': ok(body),
      'GET /api/catalogue/plans': () => new Promise(() => {}),
    });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    await userEvent.click(screen.getByRole('tab', { name: 'Minutes Packages' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading plans...');
  });

  it('takes cards only: no bank transfer, crypto or e-wallet', () => {
    mockApi({ 'GET /api/catalogue/pricing': ok(body) });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    const methods = screen.getByRole('region', { name: 'Payment Methods' });
    expect(methods).toHaveTextContent('Visa, Mastercard, Amex');
    expect(methods).toHaveTextContent('Automatic recharge');
    expect(methods).not.toHaveTextContent(/SWIFT|crypto|BTC|PayPal|Skrill|bank/i);
  });

  it('offers a retry when the prices fail to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pricing = failsUntilRecovered(refusal(503, 'Service unavailable.'), ok(body));
    mockApi({ 'GET /api/catalogue/pricing': pricing.route });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    pricing.recover();
    await userEvent.click(retry);
    await waitFor(() =>
      expect(screen.getByRole('rowheader', { name: /Japan/ })).toBeInTheDocument(),
    );
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
