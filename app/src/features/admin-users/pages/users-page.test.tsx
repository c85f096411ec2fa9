import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, listPage, ok, refusal } from '../../../test/mock-api';
import { adminAuth, adminUser, pageTest } from '../../../test/render';
import { UsersPage } from './users-page';
import {
  bodyOf,
  chooseRowAction,
  expectCalled,
  expectSearchThenFilters,
  findRow,
  rowOf,
  answerDialog,
  expectShows,
} from '../../../test/queries';

const ada = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+14155550100',
  status: 'active',
  role: 'client',
  joinDate: '2026-01-05T10:00:00Z',
  lastLogin: null,
};

const me = {
  ...ada,
  id: adminUser.id,
  name: adminUser.name,
  email: adminUser.email,
  phone: null,
  role: 'admin',
  lastLogin: '2026-03-01T08:30:00Z',
};

const FIRST = 'GET /api/admin/users?search=&status=&role=&page=1&pageSize=20';

const show = pageTest(
  <UsersPage />,
  { route: '/admin/users', auth: adminAuth(), toasts: true },
  { [FIRST]: listPage([ada, me], 45) },
);

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen
    .getByRole('menu', { name: `Actions for ${name}` })
    .querySelectorAll('[role="menuitem"]');
}

describe('Manage users page', () => {
  it('shows each account with its badges, last login and the true count', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Manage Users' })).toBeInTheDocument();
    const row = await findRow('ada@example.com');
    expectShows(row, ['Ada Lovelace', '+14155550100']);
    expect(within(row).getByText('active')).toHaveClass('bg-green-100');
    expectShows(row, ['Client', 'Jan 5, 2026', 'Never']);
    const mine = rowOf('admin@dialtone.test');
    expect(within(mine).getByText('Admin')).toBeInTheDocument();
    expect(within(mine).queryByText('Never')).toBeNull();
    expect(screen.getByText('Showing 1 to 20 of 45')).toBeInTheDocument();
  });

  it('builds the query from the debounced search and both filters', async () => {
    const urls = [
      'GET /api/admin/users?search=ada&status=&role=&page=1&pageSize=20',
      'GET /api/admin/users?search=ada&status=suspended&role=&page=1&pageSize=20',
      'GET /api/admin/users?search=ada&status=suspended&role=admin&page=1&pageSize=20',
    ];
    const { fetch } = show({
      [urls[0]]: listPage([ada]),
      [urls[1]]: listPage([]),
      [urls[2]]: listPage([]),
    });
    await screen.findByText('ada@example.com');
    await expectSearchThenFilters(
      fetch,
      [screen.getByLabelText('Search'), 'ada'],
      [
        ['Status', ['All Status', 'Active', 'Suspended', 'Pending'], 'Suspended'],
        ['Role', ['All Roles', 'Admin', 'Client'], 'Admin'],
      ],
      urls,
      'No users match these filters',
    );
  });

  it('suspends a user only after a confirmation naming the consequence', async () => {
    const { fetch } = show({
      'POST /api/admin/users/7/suspend': ok({ item: { ...ada, status: 'suspended' } }),
    });
    const items = await openMenu('Ada Lovelace');
    expect(Array.from(items).map((item) => item.textContent)).toEqual([
      'Send Email',
      'Change Role',
      'Suspend User',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Suspend User' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend User' });
    expect(dialog).toHaveTextContent(
      'Suspend Ada Lovelace? They will be signed out at once and cannot sign in until reactivated.',
    );
    expect(calls(fetch)).not.toContain('POST /api/admin/users/7/suspend');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend User' }));
    expect(await screen.findByText('Ada Lovelace suspended')).toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/admin/users/7/suspend');
    expect(calls(fetch).filter((c) => c === FIRST)).toHaveLength(2);
  });

  it('offers neither Suspend nor Change Role on the admin’s own row', async () => {
    show();
    const items = await openMenu(adminUser.name);
    expect(Array.from(items).map((item) => item.textContent)).toEqual(['Send Email']);
  });

  it('offers Reactivate User for a suspended account', async () => {
    const { fetch } = show({
      [FIRST]: listPage([{ ...ada, status: 'suspended' }]),
      'POST /api/admin/users/7/reactivate': ok({ item: ada }),
    });
    await chooseRowAction('Ada Lovelace', 'Reactivate User');
    await answerDialog(
      'Reactivate User',
      'Reactivate Ada Lovelace? They can sign in again at once.',
      'Reactivate User',
    );
    await expectCalled(fetch, 'POST /api/admin/users/7/reactivate');
  });

  it('changes a role after naming it, and shows the server’s refusal as an error toast', async () => {
    const { fetch } = show({
      'POST /api/admin/users/7/role': refusal(409, 'At least one administrator must remain'),
    });
    await chooseRowAction('Ada Lovelace', 'Change Role');
    await answerDialog(
      'Change Role',
      "Change Ada Lovelace's role from Client to Admin?",
      'Make Admin',
    );
    expect(await screen.findByText('At least one administrator must remain')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(fetch, 'POST /api/admin/users/7/role')).toEqual({ role: 'admin' });
  });

  it('sends an email checked by core, then toasts the server message', async () => {
    const { fetch } = show({
      'POST /api/admin/users/7/email': ok({ message: 'Email to ada@example.com queued' }),
    });
    await chooseRowAction('Ada Lovelace', 'Send Email');
    const dialog = screen.getByRole('dialog', { name: 'Send Email' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expectShows(dialog, ['Subject is required', 'Message is required']);
    expect(calls(fetch)).not.toContain('POST /api/admin/users/7/email');

    await userEvent.type(within(dialog).getByLabelText('Subject'), ' Your invoice ');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'It is attached.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email to ada@example.com queued')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(fetch, 'POST /api/admin/users/7/email')).toEqual({
      subject: 'Your invoice',
      body: 'It is attached.',
    });
  });

  it('closes the email dialog with Escape', async () => {
    show();
    await chooseRowAction('Ada Lovelace', 'Send Email');
    expect(screen.getByRole('dialog', { name: 'Send Email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
