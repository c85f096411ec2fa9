import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockApi, ok, refusal } from '../../../test/mock-api';
import { fakeAuth, renderWithProviders, renderWithToasts } from '../../../test/render';
import { BuyPackagePage } from './buy-package-page';
import { MyPackagesPage } from './my-packages-page';
import { expectChargeFailure } from '../../../test/charge-failure';
import { expectLinkTo, answerDialog } from '../../../test/queries';
import { seededPlans } from '../../../test/plan-fixtures';

const catalogue = seededPlans;

const owned = {
  id: 9,
  name: 'Basic',
  minutes: 500,
  remainingMinutes: 200,
  status: 'active',
  purchaseDate: '2025-03-01T00:00:00Z',
  expiryDate: '2025-03-31T00:00:00Z',
  renews: true,
};

describe('My packages page', () => {
  it('shows "No packages" with a way to buy one', async () => {
    mockApi({ 'GET /api/packages/mine': ok({ packages: [] }) });
    renderWithProviders(<MyPackagesPage />, { route: '/client/my-packages' });
    expect(await screen.findByText('No packages')).toBeInTheDocument();
    expectLinkTo('Buy a package', '/client/buy-package');
  });

  it('shows the minutes left as a progress bar', async () => {
    mockApi({
      'GET /api/packages/mine': ok({
        packages: [{ ...owned, minutes: 100, remainingMinutes: 40 }],
      }),
    });
    renderWithProviders(<MyPackagesPage />, { route: '/client/my-packages' });
    const bar = await screen.findByRole('progressbar', { name: 'Basic minutes remaining' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText(/of 100 minutes/)).toHaveTextContent('40 of 100 minutes');
    expect(screen.getByText('active')).toHaveClass('bg-green-100');
  });

  it('says when a renewing plan renews, and when one that does not expires', async () => {
    mockApi({
      'GET /api/packages/mine': ok({
        packages: [owned, { ...owned, id: 8, name: 'Old Bundle', renews: false }],
      }),
    });
    renderWithProviders(<MyPackagesPage />, { route: '/client/my-packages' });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(basic).toHaveTextContent(/Renews on/);
    expect(within(basic).getByRole('button', { name: 'Cancel renewal of Basic' })).toBeVisible();
    const old = screen.getByRole('article', { name: 'Old Bundle' });
    expect(old).toHaveTextContent(/Expires on/);
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('asks before cancelling a renewal, then cancels it and refetches', async () => {
    let cancelled = false;
    const fetch = mockApi({
      'GET /api/packages/mine': () => ok({ packages: [{ ...owned, renews: !cancelled }] }),
      'POST /api/packages/mine/9/cancel': () => {
        cancelled = true;
        return ok({ ...owned, renews: false });
      },
    });
    renderWithToasts(<MyPackagesPage />, { route: '/client/my-packages' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel renewal of Basic' }));
    expect(calls(fetch)).not.toContain('POST /api/packages/mine/9/cancel');
    await answerDialog('Cancel Renewal', 'Stop Basic renewing?', 'Cancel Renewal');
    expect(await screen.findByText('Renewal of Basic cancelled')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Basic' });
    await waitFor(() => expect(card).toHaveTextContent(/Expires on/));
    expect(within(card).queryByRole('button', { name: /Cancel renewal/ })).toBeNull();
  });

  it('keeps the dialog open with the reason when the cancel fails', async () => {
    mockApi({
      'GET /api/packages/mine': ok({ packages: [owned] }),
      'POST /api/packages/mine/9/cancel': refusal(404, 'This plan does not renew'),
    });
    renderWithToasts(<MyPackagesPage />, { route: '/client/my-packages' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel renewal of Basic' }));
    const dialog = await answerDialog('Cancel Renewal', 'Stop Basic renewing?', 'Cancel Renewal');
    expect(await within(dialog).findByText('This plan does not renew')).toBeInTheDocument();
  });
});

describe('Buy package page', () => {
  it("shows each plan's price a month, highlights and saving from the catalogue", async () => {
    mockApi({ 'GET /api/packages': ok({ packages: catalogue }) });
    renderWithProviders(<BuyPackagePage />, { route: '/client/buy-package' });
    const pro = await screen.findByRole('article', { name: 'Professional' });
    expect(pro).toHaveTextContent('$29.00/month');
    expect(within(pro).getByText('Saves 23% against pay as you go')).toBeInTheDocument();
    expect(
      within(pro)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(catalogue[1].highlights);
    expect(within(pro).getByText('MOST POPULAR')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('asks before buying, says it renews monthly, then buys and refreshes the balance', async () => {
    mockApi({
      'GET /api/packages': ok({ packages: catalogue }),
      'POST /api/packages/2/purchase': {
        status: 201,
        body: { package: { id: 30, name: 'Professional' }, balance: 10 },
      },
    });
    const auth = fakeAuth();
    renderWithToasts(<BuyPackagePage />, { route: '/client/buy-package', auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Purchase Professional' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy Package' });
    expect(dialog).toHaveTextContent('renews monthly until you cancel it');
    await answerDialog(
      'Buy Package',
      'Buy Professional for $29.00? 2,000 minutes valid 30 days.',
      'Confirm',
    );
    expect(
      await screen.findByText('Professional package purchased successfully!'),
    ).toBeInTheDocument();
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a shortfall with a link to add funds', async () => {
    mockApi({
      'GET /api/packages': ok({ packages: catalogue }),
      'POST /api/packages/1/purchase': refusal(402, 'Insufficient balance'),
    });
    renderWithProviders(<BuyPackagePage />, { route: '/client/buy-package' });
    await userEvent.click(await screen.findByRole('button', { name: 'Purchase Basic' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectChargeFailure('Insufficient balance');
  });
});
