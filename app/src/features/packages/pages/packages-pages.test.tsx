import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, refusal } from '../../../test/mock-api';
import { fakeAuth, renderWithProviders, renderWithToasts } from '../../../test/render';
import { BuyPackagePage } from './buy-package-page';
import { MyPackagesPage } from './my-packages-page';
import { expectChargeFailure } from '../../../test/charge-failure';
import { expectLinkTo, answerDialog } from '../../../test/queries';

const catalogue = [
  { id: 1, name: 'Basic', minutes: 100, price: 19.99, validity: 30, features: ['Outbound calls'] },
  { id: 2, name: 'Standard', minutes: 300, price: 49.99, validity: 60, features: [] },
];

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
        packages: [
          {
            id: 9,
            name: 'Basic',
            minutes: 100,
            remainingMinutes: 40,
            status: 'active',
            purchaseDate: '2025-03-01T00:00:00Z',
            expiryDate: '2025-03-31T00:00:00Z',
          },
        ],
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
});

describe('Buy package page', () => {
  it('asks before buying, then buys and refreshes the balance', async () => {
    mockApi({
      'GET /api/packages': ok({ packages: catalogue }),
      'POST /api/packages/2/purchase': {
        status: 201,
        body: { package: { id: 30, name: 'Standard' }, balance: 10 },
      },
    });
    const auth = fakeAuth();
    renderWithToasts(<BuyPackagePage />, { route: '/client/buy-package', auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Purchase Standard' }));
    await answerDialog(
      'Buy Package',
      'Buy Standard for $49.99? 300 minutes valid 60 days.',
      'Confirm',
    );
    expect(await screen.findByText('Standard package purchased successfully!')).toBeInTheDocument();
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
