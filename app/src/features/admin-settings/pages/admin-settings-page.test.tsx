import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockApi, mockServer, ok, refusal } from '../../../test/mock-api';
import { adminAuth, renderWithToasts } from '../../../test/render';
import { AdminSettingsPage } from './admin-settings-page';
import { bodyOf, expectShows } from '../../../test/queries';
import { retype } from '../../../test/forms';

const settings = {
  setupFee: '1.00',
  renewalNoticeDays: '7',
  lowBalanceThreshold: '5.00',
  gracePeriodDays: '7',
  maxDeposit: '10000.00',
  defaultFirstIncrement: '1',
  defaultNextIncrement: '1',
  trialCredit: '1.00',
  recordingRate: '0.0025',
};

const configuration = {
  mail: {
    mode: 'outbox',
    smtp: null,
    from: 'Dialtone <no-reply@dialtone.test>',
    supportEmail: 'support@dialtone.test',
  },
  payments: {
    provider: 'stripe',
    publishableKey: 'pk_test_123',
    webhookSecretSet: true,
    apiBase: 'https://api.stripe.com',
  },
  sms: { provider: 'log', url: null },
};

const server = mockServer({
  'GET /api/admin/settings': ok({ settings, configuration }),
  'GET /api/admin/sms/link': ok({
    provider: 'loopback',
    links: [],
    queue: { queued: 0, oldestQueuedSeconds: null },
  }),
  'GET /api/admin/billing/provider': ok({
    legalName: 'Dialtone',
    address: '',
    taxId: '',
    email: '',
  }),
});

function renderPage() {
  renderWithToasts(<AdminSettingsPage />, { route: '/admin/settings', auth: adminAuth() });
}

describe('Admin settings page', () => {
  it('fills the fields with the saved values and shows the configuration read-only', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Number setup fee ($)')).toHaveValue('1.00');
    expect(screen.getByLabelText('Renewal notice (days before)')).toHaveValue('7');
    expect(screen.getByLabelText('Low-balance threshold ($)')).toHaveValue('5.00');
    expect(screen.getByLabelText('Grace period (days)')).toHaveValue('7');
    expect(screen.getByLabelText('Maximum deposit ($)')).toHaveValue('10000.00');
    expect(screen.getByLabelText('Default first billing increment (seconds)')).toHaveValue('1');
    expect(screen.getByLabelText('Default next billing increment (seconds)')).toHaveValue('1');
    expect(screen.getByLabelText('Call recording rate ($ per minute)')).toHaveValue('0.0025');
    expect(screen.getByRole('heading', { name: 'Platform settings' })).toBeInTheDocument();

    const payments = screen.getByRole('region', { name: 'Payments' });
    expectShows(payments, ['Stripe', 'Secret set']);
    const mail = screen.getByRole('region', { name: 'Mail' });
    expectShows(mail, ['support@dialtone.test', 'Not set']);
    expect(
      within(screen.getByRole('region', { name: 'SMS' })).getByText('log'),
    ).toBeInTheDocument();
    const link = screen.getByRole('region', { name: 'SMS carrier link' });
    expect(
      await within(link).findByText(
        'Loopback provider: messages are marked delivered without a carrier.',
      ),
    ).toBeInTheDocument();
  });

  it('shows core’s messages and sends nothing while a field is invalid', async () => {
    const fetch = server();
    renderPage();
    const fee = await screen.findByLabelText('Number setup fee ($)');
    await retype(fee, '150');
    await userEvent.tab();
    expect(screen.getByText('Setup fee must be between $0.00 and $100.00')).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    const next = screen.getByLabelText('Default next billing increment (seconds)');
    await retype(next, '6.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Next increment must be a whole number')).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it('sends the eight values as strings and confirms with the server’s message', async () => {
    const fetch = server({
      'PUT /api/admin/settings': (init) =>
        ok({ settings: JSON.parse(String(init.body)), message: 'Settings saved' }),
    });
    renderPage();
    const fee = await screen.findByLabelText('Number setup fee ($)');
    await retype(fee, '2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/admin/settings')).toEqual({ ...settings, setupFee: '2.50' });
    expect(fee).toHaveValue('2.50');
    const form = screen.getByRole('form', { name: 'Platform settings' });
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('puts the server’s field errors under their fields', async () => {
    server({
      'PUT /api/admin/settings': refusal(400, 'Invalid input', {
        maxDeposit: 'Maximum deposit must be between $1.00 and $1000000.00',
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText('Maximum deposit ($)');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText('Maximum deposit must be between $1.00 and $1000000.00'),
    ).toBeInTheDocument();
  });

  it('resets the form to the saved values', async () => {
    server();
    renderPage();
    const days = await screen.findByLabelText('Grace period (days)');
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toBeDisabled();
    await retype(days, '30');
    await userEvent.click(reset);
    expect(days).toHaveValue('7');
  });

  it('offers Retry when the settings cannot load', async () => {
    mockApi({ 'GET /api/admin/settings': { status: 503, body: { message: 'Try again later' } } });
    renderPage();
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
