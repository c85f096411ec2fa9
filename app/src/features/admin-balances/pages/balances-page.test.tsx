import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, listPage, ok, refusal } from '../../../test/mock-api';
import { adminAuth, pageTest } from '../../../test/render';
import { BalancesPage } from './balances-page';
import { bodyOf, chooseRowAction, findRow, expectShows } from '../../../test/queries';
import { retype } from '../../../test/forms';

const ada = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  balance: 17.5,
  lastDeposit: { amount: 20, date: '2025-02-01T09:00:00Z' },
  lastWithdrawal: null,
  status: 'active',
};
const bob = { ...ada, id: 8, name: 'Bob Byte', email: 'bob@example.com', status: 'suspended' };

const LIST = 'GET /api/admin/balances?search=&page=1&pageSize=20';
const ADJUST = 'POST /api/admin/balances/7/adjust';

const show = pageTest(
  <BalancesPage />,
  { route: '/admin/balances', auth: adminAuth() },
  {
    [LIST]: listPage([ada, bob]),
    'GET /api/admin/balances?search=ada&page=1&pageSize=20': listPage([ada]),
  },
);

describe('User Balances page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists balances with their latest movements and status', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'User Balances' })).toBeVisible();
    const row = await findRow('Ada Lovelace');
    expectShows(row, ['ada@example.com', '$17.50', '$20.00', '—', 'active']);
    expect(screen.getByText('Showing 1 to 2 of 2')).toBeVisible();
  });

  it('searches on the server once typing settles', async () => {
    const { fetch } = show();
    await screen.findByText('Bob Byte');
    await userEvent.type(screen.getByPlaceholderText('Search users...'), 'ada');
    await waitFor(() => expect(screen.queryByText('Bob Byte')).toBeNull());
    expect(calls(fetch).filter((c) => c.includes('search=a'))).toEqual([
      'GET /api/admin/balances?search=ada&page=1&pageSize=20',
    ]);
  });

  it('validates an adjustment through core and asks for confirmation', async () => {
    const success = vi.spyOn(toast, 'success');
    const { fetch } = show({
      [ADJUST]: ok({ balance: 30, entryId: 99, message: '$12.50 added' }),
    });
    const toggle = await chooseRowAction('Ada Lovelace', 'Add Funds');
    const dialog = screen.getByRole('dialog', { name: 'Add Funds' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expectShows(dialog, ['Amount is required', 'Reason is required']);
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '0');
    expect(within(dialog).getByText('Amount must be greater than 0')).toBeVisible();
    await retype(within(dialog).getByLabelText('Amount (USD)'), '12.50');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Refund for a dropped call');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText("Add $12.50 to Ada Lovelace's balance?")).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue('12.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(calls(fetch)).not.toContain(ADJUST);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('$12.50 added');
    expect(toggle).toHaveFocus();
    expect(bodyOf(fetch, ADJUST)).toEqual({
      type: 'credit',
      amount: '12.50',
      reason: 'Refund for a dropped call',
    });
    await waitFor(() => expect(calls(fetch).filter((c) => c === LIST)).toHaveLength(2));
  });

  it("shows the server's refusal under the field and stays on the form", async () => {
    show({
      [ADJUST]: refusal(400, 'Invalid input', {
        amount: 'Cannot deduct $100.00: the balance is only $17.50',
      }),
    });
    await chooseRowAction('Ada Lovelace', 'Deduct Funds');
    const dialog = screen.getByRole('dialog', { name: 'Deduct Funds' });
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '100');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText("Deduct $100.00 from Ada Lovelace's balance?")).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('Cannot deduct $100.00: the balance is only $17.50'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveFocus();
  });

  it('closes the dialog with Escape and returns focus to the row menu', async () => {
    show();
    const toggle = await chooseRowAction('Bob Byte', 'Add Funds');
    expect(screen.getByRole('dialog')).toBeVisible();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it("pages through a user's transactions", async () => {
    const entry = (id: number) => ({
      id,
      date: '2025-02-01T09:00:00Z',
      kind: 'admin_credit',
      description: `Entry ${id}`,
      amount: -2.5,
      balanceAfter: 17.5,
    });
    show({
      'GET /api/admin/balances/7/transactions?page=1&pageSize=10': listPage([entry(12)], 11, 1, 10),
      'GET /api/admin/balances/7/transactions?page=2&pageSize=10': listPage([entry(1)], 11, 2, 10),
    });
    await chooseRowAction('Ada Lovelace', 'View Transactions');
    const dialog = screen.getByRole('dialog', { name: 'Transactions of Ada Lovelace' });
    expect(await within(dialog).findByText('Entry 12')).toBeVisible();
    expectShows(dialog, ['Credit by admin', '-$2.50']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Entry 1')).toBeVisible();
    expect(within(dialog).getByText('Showing 11 to 11 of 11')).toBeVisible();
  });

  it("lists a user's receipts and statements and downloads one as the admin", async () => {
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:st'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const statement = {
      id: 31,
      kind: 'statement',
      number: 'ST-000004',
      period: 'October 2026',
      issuedAt: '2026-11-01T01:00:00Z',
      total: 12.25,
    };
    const { fetch } = show({
      'GET /api/admin/users/7/documents?page=1&pageSize=10': listPage([statement], 1, 1, 10),
      'GET /api/admin/documents/31/csv': ok('line,amount'),
    });
    await chooseRowAction('Ada Lovelace', 'Receipts and Statements');
    const dialog = screen.getByRole('dialog', { name: 'Documents of Ada Lovelace' });
    expect(await within(dialog).findByText('ST-000004')).toBeVisible();
    expectShows(dialog, ['October 2026', '$12.25']);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Download ST-000004 as CSV' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls(fetch)).toContain('GET /api/admin/documents/31/csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('ST-000004.csv');
  });

  it('says so when a user has no documents yet', async () => {
    show({ 'GET /api/admin/users/7/documents?page=1&pageSize=10': listPage([], 0, 1, 10) });
    await chooseRowAction('Ada Lovelace', 'Receipts and Statements');
    const dialog = screen.getByRole('dialog', { name: 'Documents of Ada Lovelace' });
    expect(await within(dialog).findByText('No receipts or statements yet')).toBeVisible();
  });
});
