import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, listPage } from '../../../test/mock-api';
import { adminAuth, pageTest } from '../../../test/render';
import { AuditPage } from './audit-page';
import { chooseOption, expectCalled, findRow, rowOf, expectShows } from '../../../test/queries';

const settingsChange = {
  id: 12,
  actor: 'Ada Admin <admin@dialtone.test>',
  actorRole: 'admin',
  action: 'settings.update',
  actionLabel: 'Updated settings',
  subject: null,
  targetType: 'settings',
  targetId: 'platform',
  before: { setupFee: '1.00', renewalNoticeDays: '7', maxDeposit: '10000.00' },
  after: { setupFee: '2.50', renewalNoticeDays: '7', maxDeposit: '10000.00' },
  date: '2026-03-20T14:05:00Z',
};

const suspension = {
  id: 11,
  actor: 'Deleted account',
  actorRole: null,
  action: 'user.suspend',
  actionLabel: 'Suspended user',
  subject: 'Bob Client <bob@example.com>',
  targetType: 'user',
  targetId: '7',
  before: { status: 'active' },
  after: { status: 'suspended' },
  date: '2026-03-19T09:00:00Z',
};

const verified = {
  id: 13,
  actor: 'Cleo Client <cleo@example.com>',
  actorRole: 'client',
  action: 'sip.verified_caller_id',
  actionLabel: 'Verified a caller ID',
  subject: null,
  targetType: 'user',
  targetId: '9',
  before: null,
  after: { number: '+447700900123' },
  date: '2026-03-21T10:00:00Z',
};

const released = {
  id: 14,
  actor: 'System',
  actorRole: null,
  action: 'call.reservation_released',
  actionLabel: "Released a lost call's hold",
  subject: null,
  targetType: 'call',
  targetId: 'lost-1',
  before: null,
  after: null,
  date: '2026-03-22T10:00:00Z',
};

const FIRST = 'GET /api/admin/audit?search=&action=&from=&to=&page=1&pageSize=20';

const show = pageTest(
  <AuditPage />,
  { route: '/admin/audit', auth: adminAuth() },
  { [FIRST]: listPage([released, verified, settingsChange, suspension], 4) },
);

describe('Audit log page', () => {
  it('lists who did what to which target', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    const row = await findRow('Updated settings');
    expectShows(row, ['Ada Admin <admin@dialtone.test>', 'settings.update', 'Settings platform']);
    // The subject by name while it exists; an actor whose account is gone says so.
    expectShows(rowOf('Suspended user'), ['User Bob Client <bob@example.com>', 'Deleted account']);
    // A customer's own change is marked as theirs; the platform's jobs are the system's.
    expectShows(rowOf('Verified a caller ID'), ['Cleo Client <cleo@example.com>', '(client)']);
    expectShows(rowOf("Released a lost call's hold"), ['System', 'Call lost-1']);
    expect(screen.getByRole('columnheader', { name: 'By' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 4 of 4')).toBeInTheDocument();
  });

  it('shows only the changed keys, before and after, under Details', async () => {
    show();
    const row = await findRow('Updated settings');
    const toggle = within(row).getByRole('button', { name: /^Details/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('table', { name: 'Changes' });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['setupFee1.00→2.50']);
    await userEvent.click(toggle);
    expect(screen.queryByRole('table', { name: 'Changes' })).toBeNull();
  });

  it('builds the query from the search, the action group and the dates', async () => {
    const { fetch } = show({
      'GET /api/admin/audit?search=ada&action=&from=&to=&page=1&pageSize=20': listPage([
        settingsChange,
      ]),
      'GET /api/admin/audit?search=ada&action=settings.&from=&to=&page=1&pageSize=20': listPage([
        settingsChange,
      ]),
      'GET /api/admin/audit?search=ada&action=settings.&from=2026-03-01&to=&page=1&pageSize=20':
        listPage([settingsChange]),
      'GET /api/admin/audit?search=ada&action=settings.&from=2026-03-01&to=2026-03-31&page=1&pageSize=20':
        listPage([]),
    });
    await screen.findByText('Updated settings');
    await userEvent.type(
      screen.getByPlaceholderText('Search by administrator or target...'),
      'ada',
    );
    await expectCalled(
      fetch,
      'GET /api/admin/audit?search=ada&action=&from=&to=&page=1&pageSize=20',
    );
    await chooseOption(
      'Action',
      [
        'All Actions',
        'Users',
        'Balances',
        'Numbers',
        'Packages',
        'Countries',
        'Settings',
        'Messages',
        'Calls',
        'Rate decks',
      ],
      'Settings',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await expectCalled(
      fetch,
      'GET /api/admin/audit?search=ada&action=settings.&from=2026-03-01&to=&page=1&pageSize=20',
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    expect(calls(fetch)).toContain(
      'GET /api/admin/audit?search=ada&action=settings.&from=2026-03-01&to=2026-03-31&page=1&pageSize=20',
    );
  });

  it('pages through the log', async () => {
    const { fetch } = show({
      [FIRST]: listPage([settingsChange], 21),
      'GET /api/admin/audit?search=&action=&from=&to=&page=2&pageSize=20': listPage(
        [suspension],
        21,
        2,
      ),
    });
    await screen.findByText('Showing 1 to 20 of 21');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Suspended user')).toBeInTheDocument();
    expect(screen.getByText('Showing 21 to 21 of 21')).toBeInTheDocument();
    expect(calls(fetch)).toContain(
      'GET /api/admin/audit?search=&action=&from=&to=&page=2&pageSize=20',
    );
  });
});
