import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, listPage, mockApi, ok } from '../../../test/mock-api';
import { failsUntilRetry } from '../../../test/retry';
import { clientAuth, renderWithProviders } from '../../../test/render';
import { TransactionsPage } from './transactions-page';

const PAGE_1 = 'GET /api/ledger?page=1&pageSize=20';

const entries = [
  {
    id: 2,
    date: '2025-03-02T10:00:00Z',
    kind: 'number_purchase',
    description: 'US mobile number +1 555 0100',
    amount: -3.99,
    balanceAfter: 21.01,
  },
  {
    id: 1,
    date: '2025-03-01T10:00:00Z',
    kind: 'deposit',
    description: 'Card deposit',
    amount: 25,
    balanceAfter: 25,
  },
];

function renderPage() {
  return renderWithProviders(<TransactionsPage />, {
    route: '/client/transactions',
    auth: clientAuth(),
  });
}

describe('Transactions page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the ledger with labelled kinds and signed, coloured amounts', async () => {
    mockApi({
      [PAGE_1]: listPage(entries),
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading transactions...');
    const table = await screen.findByRole('table', { name: 'Your transactions' });
    const [, purchase, deposit] = within(table).getAllByRole('row');
    expect(within(purchase).getByText('Number purchase')).toBeVisible();
    expect(within(purchase).getByText('-$3.99')).toHaveClass('text-red-700');
    expect(within(purchase).getByText('$21.01')).toBeVisible();
    expect(within(deposit).getByText('Deposit')).toBeVisible();
    expect(within(deposit).getAllByText('$25.00')[0]).toHaveClass('text-green-700');
    expect(screen.getByText('Showing 1 to 2 of 2')).toBeVisible();
  });

  it('shows an empty state', async () => {
    mockApi({ [PAGE_1]: listPage([]) });
    renderPage();
    expect(await screen.findByText('No transactions yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('offers Retry after an error', async () => {
    const ledger = failsUntilRetry(500, 'Something went wrong', listPage(entries));
    const fetch = mockApi({ [PAGE_1]: ledger.route });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    await ledger.retry();
    expect(await screen.findByText('Card deposit')).toBeVisible();
    expect(calls(fetch).filter((c) => c === PAGE_1)).toHaveLength(2);
  });

  it('downloads the CSV export with the bearer token', async () => {
    // jsdom has no object URLs.
    const createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}`);
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetch = mockApi({
      [PAGE_1]: listPage(entries),
      'GET /api/ledger/export': ok('date,kind'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls(fetch)).toContain('GET /api/ledger/export');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('dialtone-transactions.csv');
    expect(anchor.href).toBe('blob:11');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
