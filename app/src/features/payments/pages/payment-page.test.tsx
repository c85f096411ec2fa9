import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi, ok, refusal, type Reply, type Routes } from '../../../test/mock-api';
import { clientAuth, renderWithProviders } from '../../../test/render';
import { PaymentPage } from './payment-page';

const SECRET = 'pi_5_secret_k';
const CONFIRM = 'POST /api/payment/sandbox/confirm';

function server(extra: Routes = {}, provider = 'sandbox') {
  return mockApi({
    'GET /api/payment/config': ok({
      provider,
      publishableKey: null,
      minDeposit: 1,
      maxDeposit: '10000',
    }),
    [`GET /api/payment/intent/${SECRET}`]: ok({
      payment: {
        id: 5,
        amount: 25,
        status: 'pending',
        provider: 'sandbox',
        failureMessage: null,
        createdAt: '2025-03-01T10:00:00Z',
      },
    }),
    ...extra,
  });
}

function renderPage() {
  const auth = clientAuth();
  return renderWithProviders(<PaymentPage />, {
    route: `/client/payment/${SECRET}`,
    path: '/client/payment/:id',
    auth,
  });
}

async function fillCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry month'), '12');
  await userEvent.type(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

describe('Payment page (sandbox)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the amount and validates the card through core', async () => {
    const fetch = server();
    renderPage();
    expect(await screen.findByText('$25.00')).toBeVisible();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByText('4242 4242 4242 4242 succeeds')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Card number is required')).toBeVisible();
    expect(screen.getByText('Expiry month must be between 1 and 12')).toBeVisible();
    expect(screen.getByText("Your card's security code is invalid")).toBeVisible();
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    expect(screen.getByText('Your card number is invalid')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Expiry month'), '1');
    await userEvent.type(
      screen.getByLabelText('Expiry year'),
      String(new Date().getFullYear() - 1),
    );
    expect(screen.getByText('Your card has expired')).toBeVisible();
    expect(calls(fetch)).not.toContain(CONFIRM);
  });

  it('shows Payment in Progress while confirming, then reloads the balance and returns', async () => {
    let answer: (reply: Reply) => void = () => {};
    const fetch = server({ [CONFIRM]: () => new Promise<Reply>((done) => (answer = done)) });
    const success = vi.spyOn(toast, 'success');
    const { auth } = renderPage();
    await fillCard('4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payment in Progress')).toBeVisible();
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    answer(ok({ status: 'succeeded', message: 'Payment succeeded' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/client/deposit?payment=${SECRET}`),
    );
    expect(auth.refreshUser).toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith('Payment successful');
    const confirm = fetch.mock.calls.find(([url]) => String(url).endsWith('/sandbox/confirm'));
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({
      clientSecret: SECRET,
      cardNumber: '4242 4242 4242 4242',
      expMonth: '12',
      expYear: String(new Date().getFullYear() + 2),
      cvc: '123',
    });
  });

  it('shows a decline in a banner and lets the user try another card', async () => {
    server({
      [CONFIRM]: ok({ status: 'failed', message: 'Your card was declined.' }),
    });
    const { auth } = renderPage();
    await fillCard('4000 0000 0000 0002');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(screen.queryByText('Payment in Progress')).toBeNull();
    expect(auth.refreshUser).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(`/client/payment/${SECRET}`);
  });

  it('returns to the deposit page when the payment was already paid', async () => {
    server({
      [CONFIRM]: refusal(409, 'This payment has already been paid'),
    });
    renderPage();
    await fillCard('4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/client/deposit'),
    );
  });

  it('shows the server field errors under the fields', async () => {
    server({
      [CONFIRM]: refusal(400, 'Invalid input', { cvc: "Your card's security code is invalid" }),
    });
    renderPage();
    await fillCard('4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText("Your card's security code is invalid")).toBeVisible();
    expect(screen.getByLabelText('CVC')).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells the user when the payment does not exist', async () => {
    server({ [`GET /api/payment/intent/${SECRET}`]: refusal(404, 'No') });
    renderPage();
    expect(await screen.findByText(/We could not find this payment/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });
});
