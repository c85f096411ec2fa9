import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, ok, refusal } from '../../../test/mock-api';
import { bodyOf } from '../../../test/queries';
import { clientAuth, renderWithToasts } from '../../../test/render';
import { BillingPage } from './billing-page';

const config = { provider: 'sandbox', publishableKey: null, minDeposit: 1, maxDeposit: '10000' };
const off = {
  enabled: false,
  threshold: null,
  amount: null,
  monthlyMax: null,
  rechargedThisMonth: 0,
  offReason: null,
  retryAt: null,
  awaitingConfirmation: null,
};
const visa = { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030, provider: 'sandbox' };

const server = mockServer({
  'GET /api/payment/config': ok(config),
  'GET /api/payment/card': ok({ card: null }),
  'GET /api/payment/auto-recharge': ok(off),
  'GET /api/documents?pageSize=50': ok({ items: [], total: 0, page: 1, pageSize: 50 }),
  'GET /api/billing/profile': ok({ company: '', address: '', taxId: '', billingEmail: '' }),
  'GET /api/billing/alerts': ok({ lowBalanceThreshold: null, platformThreshold: 5 }),
  'GET /api/usage/triggers': ok({ items: [] }),
});

function renderPage() {
  renderWithToasts(<BillingPage />, { route: '/client/billing', auth: clientAuth() });
}

describe('Billing page', () => {
  it('saves a sandbox card, checked by core first', async () => {
    const fetch = server({ 'POST /api/payment/sandbox/card': ok({ card: visa }) });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Save a card' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(within(form).getByText('Card number is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(within(form).getByLabelText('Expiry month'), '12');
    await userEvent.type(within(form).getByLabelText('Expiry year'), '2030');
    await userEvent.type(within(form).getByLabelText('CVC'), '123');
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Visa ending 4242')).toBeInTheDocument();
    expect(bodyOf(fetch, 'POST /api/payment/sandbox/card')).toEqual({
      cardNumber: '4242 4242 4242 4242',
      expMonth: '12',
      expYear: '2030',
      cvc: '123',
    });
  });

  it('turns auto-recharge on with the amounts core accepts', async () => {
    const on = { ...off, enabled: true, threshold: 20, amount: 50, monthlyMax: 500 };
    const fetch = server({
      'GET /api/payment/card': ok({ card: visa }),
      'PUT /api/payment/auto-recharge': ok(on),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Auto-recharge' });
    const threshold = within(form).getByLabelText(/falls below/);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0.50');
    await userEvent.click(within(form).getByLabelText('Turn on auto-recharge'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save auto-recharge' }));
    expect(
      within(form).getByText('Enter an amount from $1.00 to $10000.00, e.g. 10.00'),
    ).toBeInTheDocument();
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Save auto-recharge' }));
    expect(await screen.findByText('Auto-recharge is on')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/payment/auto-recharge')).toEqual({
      enabled: true,
      threshold: '20',
      amount: '50.00',
      monthlyMax: '500.00',
    });
  });

  it('says why auto-recharge is off and links a payment waiting for the bank', async () => {
    server({
      'GET /api/payment/card': ok({ card: visa }),
      'GET /api/payment/auto-recharge': ok({
        ...off,
        threshold: 10,
        amount: 50,
        monthlyMax: 500,
        rechargedThisMonth: 50,
        offReason: 'Auto-recharge is now off: your saved card was declined three times.',
        awaitingConfirmation: { amount: 50, clientSecret: 'pi_1_secret_2' },
      }),
    });
    renderPage();
    expect(await screen.findByText(/declined three times/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Confirm payment' })).toHaveAttribute(
      'href',
      '/client/payment/pi_1_secret_2',
    );
    expect(screen.getByText('Recharged this month: $50.00 of $500.00')).toBeInTheDocument();
  });

  it('asks before removing the card and shows a refusal', async () => {
    server({
      'GET /api/payment/card': ok({ card: visa }),
      'DELETE /api/payment/card': refusal(500, 'Something went wrong'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove card' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Card' });
    expect(within(dialog).getByText(/Auto-recharge turns off/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Card' }));
    expect(await within(dialog).findByText('Something went wrong')).toBeInTheDocument();
  });

  it('lists receipts and statements, and saves the billing details', async () => {
    const receipt = {
      id: 3,
      kind: 'receipt',
      number: 'RC-000003',
      total: 25,
      period: null,
      issuedAt: '2026-11-28T10:00:00Z',
    };
    const statement = {
      ...receipt,
      id: 4,
      kind: 'statement',
      number: 'ST-000001',
      period: 'October 2026',
    };
    const profile = { company: 'Ada Ltd', address: '', taxId: 'GB1', billingEmail: '' };
    const fetch = server({
      'GET /api/documents?pageSize=50': ok({
        items: [statement, receipt],
        total: 2,
        page: 1,
        pageSize: 50,
      }),
      'PUT /api/billing/profile': ok(profile),
    });
    renderPage();
    const table = await screen.findByRole('region', { name: 'Receipts and statements' });
    expect(await within(table).findByText('ST-000001')).toBeInTheDocument();
    expect(within(table).getByText('October 2026')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Download ST-000001 as CSV' })).toBeVisible();
    expect(within(table).queryByRole('button', { name: 'Download RC-000003 as CSV' })).toBeNull();
    const form = await screen.findByRole('form', { name: 'Billing details' });
    await userEvent.type(within(form).getByLabelText('Company'), 'Ada Ltd');
    await userEvent.type(within(form).getByLabelText('VAT or tax ID'), 'GB1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/billing/profile')).toEqual(profile);
  });
});
