import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, listPage, mockApi, ok, type Routes } from '../../../test/mock-api';
import { clientAuth, renderWithProviders } from '../../../test/render';
import { DepositPage } from './deposit-page';
import { bodyOf, expectShows } from '../../../test/queries';
import { retype } from '../../../test/forms';

const config = {
  provider: 'sandbox',
  publishableKey: null,
  minDeposit: 1,
  maxDeposit: '10000',
};

function deposit(id: number, status: string, failureMessage: string | null = null) {
  return {
    id,
    amount: 25,
    status,
    provider: 'sandbox',
    failureMessage,
    createdAt: '2025-03-01T10:00:00Z',
  };
}

function server(extra: Routes = {}, items: unknown[] = [], total = items.length) {
  return mockApi({
    'GET /api/payment/config': ok(config),
    'GET /api/payment/deposits?page=1&pageSize=10': listPage(items, total, 1, 10),
    ...extra,
  });
}

function renderPage(route = '/client/deposit') {
  const auth = clientAuth();
  return renderWithProviders(<DepositPage />, { route, auth });
}

describe('Deposit page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('enables Proceed to Payment only for a valid amount above 0', async () => {
    server();
    renderPage();
    const amount = screen.getByLabelText('Amount (USD)');
    const proceed = screen.getByRole('button', { name: 'Proceed to Payment' });
    expect(proceed).toBeDisabled();
    await screen.findByText(/From \$1\.00 up to \$10000\.00/);
    expect(proceed).toBeDisabled();

    await userEvent.type(amount, '0');
    expect(proceed).toBeDisabled();
    expect(screen.getByText('Amount must be greater than 0')).toBeVisible();

    await retype(amount, '0.5');
    expect(screen.getByText('Minimum deposit is $1.00')).toBeVisible();
    expect(proceed).toBeDisabled();

    await retype(amount, '25');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(proceed).toBeEnabled();
  });

  it('starts the deposit and goes to the payment page', async () => {
    const fetch = server({
      'POST /api/payment/stripe': ok({
        clientSecret: 'pi_1_secret_abc',
        paymentId: 1,
        provider: 'sandbox',
      }),
    });
    renderPage();
    await screen.findByText(/From \$1\.00/);
    await userEvent.type(screen.getByLabelText('Amount (USD)'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/client/payment/pi_1_secret_abc'),
    );
    expect(bodyOf(fetch, 'POST /api/payment/stripe')).toEqual({ amount: '25' });
  });

  it("shows the server's message as a toast when the deposit cannot start", async () => {
    const error = vi.spyOn(toast, 'error');
    server({
      'POST /api/payment/stripe': {
        status: 502,
        body: { message: 'The payment provider is unavailable. Please try again in a moment.' },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await screen.findByText(/From \$1\.00/);
    await userEvent.click(screen.getByRole('button', { name: '$50.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'The payment provider is unavailable. Please try again in a moment.',
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/client/deposit');
  });

  it('lists the deposits with their status, and pages', async () => {
    const fetch = server(
      {
        'GET /api/payment/deposits?page=2&pageSize=10': listPage(
          [deposit(1, 'pending')],
          11,
          2,
          10,
        ),
      },
      [deposit(3, 'succeeded'), deposit(2, 'failed', 'Your card was declined.')],
      11,
    );
    renderPage();
    const list = await screen.findByRole('region', { name: 'Your deposits' });
    expect(await within(list).findByText('Succeeded')).toBeInTheDocument();
    expectShows(list, ['Failed', 'Your card was declined.', 'Showing 1 to 10 of 11']);
    await userEvent.click(within(list).getByRole('button', { name: 'Next' }));
    expect(await within(list).findByText('Showing 11 to 11 of 11')).toBeInTheDocument();
    expect(within(list).getByText('Pending')).toBeInTheDocument();
    expect(calls(fetch)).toContain('GET /api/payment/deposits?page=2&pageSize=10');
  });

  it('shows an empty state without deposits', async () => {
    server();
    renderPage();
    expect(await screen.findByText('No deposits yet')).toBeInTheDocument();
  });

  it('polls a returning payment until it succeeds, then reloads the balance', async () => {
    let reads = 0;
    server({
      'GET /api/payment/intent/pi_9_secret_x': () => {
        reads += 1;
        return ok({ payment: deposit(9, reads < 2 ? 'pending' : 'succeeded') });
      },
    });
    const { auth } = renderPage('/client/deposit?payment_intent_client_secret=pi_9_secret_x');
    expect(await screen.findByText('Waiting for the payment to be confirmed...')).toBeVisible();
    expect(
      await screen.findByText(
        'Payment successful: $25.00 added to your balance',
        {},
        { timeout: 3000 },
      ),
    ).toBeVisible();
    expect(auth.refreshUser).toHaveBeenCalled();
  });

  it('explains a failed payment and can be dismissed', async () => {
    server({
      'GET /api/payment/intent/pi_8_secret_y': ok({
        payment: deposit(8, 'failed', 'Your card was declined.'),
      }),
    });
    const { auth } = renderPage('/client/deposit?payment=pi_8_secret_y');
    expect(await screen.findByText('Payment failed: Your card was declined.')).toBeVisible();
    expect(auth.refreshUser).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Payment result' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/client\/deposit$/);
  });
});
