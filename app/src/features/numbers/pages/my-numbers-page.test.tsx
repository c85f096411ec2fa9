import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../components/ui/feedback/toast-host';
import { calls, failsUntilRecovered, mockApi, ok, refusal } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { MyNumbersPage } from './my-numbers-page';
import { expectChargeFailure } from '../../../test/charge-failure';
import { chooseRowAction, expectFlag, findRow, expectLinkTo } from '../../../test/queries';

const active = {
  id: 5,
  number: '+14155550100',
  country: 'United States',
  countryCode: 'US',
  flag: '🇺🇸',
  type: 'Mobile',
  purchaseDate: '2025-03-01T12:00:00Z',
  expiryDate: '2025-03-31T12:00:00Z',
  daysRemaining: 12,
  status: 'active',
  monthlyFee: 2.99,
  autoRenew: true,
};

const expired = {
  ...active,
  id: 6,
  number: '+442071234567',
  country: 'United Kingdom',
  status: 'expired',
  daysRemaining: 0,
};

function renderPage() {
  return renderWithProviders(
    <>
      <MyNumbersPage />
      <ToastHost />
    </>,
    { route: '/client/my-numbers' },
  );
}

describe('My numbers page', () => {
  afterEach(() => {
    act(() => toast.remove());
  });

  it('lists numbers with their expiry, status and fee, and the renewal notice', async () => {
    mockApi({ 'GET /api/numbers/mine': ok({ numbers: [active, expired] }) });
    renderPage();
    const row = await findRow('+14155550100');
    expect(within(row).getByText('(12 days)')).toBeInTheDocument();
    expect(within(row).getByText('active')).toHaveClass('bg-green-100');
    expect(within(row).getByText('$2.99')).toBeInTheDocument();
    await expectFlag(row, 'US');
    expect(row).not.toHaveTextContent('🇺🇸');
    expect(screen.getByText(/e-mail notice 7 days before each renewal/)).toBeInTheDocument();
  });

  it('copies a number from the row menu', async () => {
    mockApi({ 'GET /api/numbers/mine': ok({ numbers: [active] }) });
    const writeText = vi.fn(async () => {});
    renderPage();
    // user-event installs its own clipboard on setup; replace it after.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await chooseRowAction('+14155550100', 'Copy Number');
    expect(writeText).toHaveBeenCalledWith('+14155550100');
    expect(await screen.findByText('Number copied')).toBeInTheDocument();
  });

  it('cancels the renewal after a confirmation', async () => {
    let cancelled = false;
    const fetch = mockApi({
      'GET /api/numbers/mine': () => ok({ numbers: [{ ...active, autoRenew: !cancelled }] }),
      'POST /api/numbers/5/cancel': () => {
        cancelled = true;
        return ok({ number: { ...active, autoRenew: false } });
      },
    });
    renderPage();
    await chooseRowAction('+14155550100', 'Cancel Number');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Number' });
    expect(dialog).toHaveTextContent('stays yours until its expiry date');
    expect(dialog).toHaveTextContent('will not renew');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Number' }));
    expect(await screen.findByText('Renewal cancelled')).toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/numbers/5/cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Renew for an expired number', async () => {
    mockApi({
      'GET /api/numbers/mine': ok({ numbers: [expired] }),
      'POST /api/numbers/6/renew': refusal(402, 'Insufficient balance'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for +442071234567' }));
    expect(screen.queryByRole('menuitem', { name: 'Cancel Number' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Renew' }));
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await expectChargeFailure('Insufficient balance');
  });

  it('points to the wizard when there are no numbers', async () => {
    mockApi({ 'GET /api/numbers/mine': ok({ numbers: [] }) });
    renderPage();
    expect(await screen.findByText('You have no phone numbers yet.')).toBeInTheDocument();
    expectLinkTo('Buy your first number', '/client/buy-number');
  });

  it('offers a retry when the list cannot load', async () => {
    const mine = failsUntilRecovered(refusal(500, 'Server error'), ok({ numbers: [active] }));
    mockApi({ 'GET /api/numbers/mine': mine.route });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    mine.recover();
    await userEvent.click(retry);
    await waitFor(() => expect(screen.getByText('+14155550100')).toBeInTheDocument());
    quiet.mockRestore();
  });
});
