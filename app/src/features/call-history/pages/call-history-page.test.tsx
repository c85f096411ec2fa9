import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi, ok, type Routes } from '../../../test/mock-api';
import { failsUntilRetry } from '../../../test/retry';
import { adminAuth, clientAuth, renderWithProviders } from '../../../test/render';
import { AdminCallHistoryPage } from './admin-call-history-page';
import { CallHistoryPage } from './call-history-page';
import { expectCalled, searchFor, expectShows } from '../../../test/queries';

const PAGE_1 = 'GET /api/calls?search=&type=&status=&page=1&pageSize=20';

const records = [
  {
    id: 7,
    type: 'outbound',
    number: '+14155550123',
    from: '+12125550100',
    to: '+14155550123',
    duration: '3:25',
    durationSeconds: 205,
    cost: 0.07,
    date: '2026-01-05T14:30:00Z',
    status: 'completed',
    recording: true,
  },
  {
    id: 6,
    type: 'inbound',
    number: '+447700900123',
    from: '+447700900123',
    to: '+12125550100',
    duration: '0:00',
    durationSeconds: 0,
    cost: 0,
    date: '2026-01-04T09:00:00Z',
    status: 'no-answer',
    recording: false,
  },
];

function listOf(items: unknown[], total = items.length, page = 1) {
  return ok({
    items,
    total,
    page,
    pageSize: 20,
    totals: { calls: total, durationSeconds: 3725, cost: 12.5 },
  });
}

function renderClient(routes: Routes) {
  const fetch = mockApi(routes);
  renderWithProviders(<CallHistoryPage />, { route: '/client/call-history', auth: clientAuth() });
  return fetch;
}

function stubDownloads() {
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:calls'), revokeObjectURL: vi.fn() });
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

describe('Call history (client)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the calls with direction, status badges, recordings and the totals', async () => {
    renderClient({ [PAGE_1]: listOf(records, 42) });
    expect(screen.getByRole('heading', { name: 'Call History' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Your calls' });
    const [, outbound, inbound] = within(table).getAllByRole('row');
    expectShows(outbound, ['Outbound', '+14155550123', '3:25', '$0.07']);
    expect(within(outbound).getByText('Completed')).toHaveClass('bg-green-100');
    expect(within(outbound).getByRole('button', { name: /Download/ })).toBeEnabled();
    expect(within(inbound).getByText('Inbound')).toBeVisible();
    expect(within(inbound).getByText('No Answer')).toHaveClass('bg-yellow-100');
    expect(within(inbound).getByText('Not available')).toBeVisible();

    const totals = screen.getByRole('region', { name: 'Call totals' });
    expectShows(totals, ['42', '1:02:05', '$12.50']);
    expect(screen.getByText('Showing 1 to 20 of 42')).toBeVisible();
    expect(screen.queryByText(/^IVR:/)).toBeNull();
  });

  it('shows the way a call answered by an IVR flow went', async () => {
    const answered = { ...records[1], status: 'completed', ivrPath: 'menu → 2 → voicemail' };
    renderClient({ [PAGE_1]: listOf([answered]) });
    const table = await screen.findByRole('table', { name: 'Your calls' });
    const [, call] = within(table).getAllByRole('row');
    expect(within(call).getByText('IVR: menu → 2 → voicemail')).toBeVisible();
  });

  it('sends search, type and status to the server and starts again at page 1', async () => {
    const filtered = 'GET /api/calls?search=415&type=outbound&status=failed&page=1&pageSize=20';
    const fetch = renderClient({
      [PAGE_1]: listOf(records, 42),
      'GET /api/calls?search=&type=&status=&page=2&pageSize=20': listOf(records, 42, 2),
      [filtered]: listOf([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 21 to 40 of 42');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Outbound');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await searchFor(fetch, screen.getByLabelText('Search by number'), '415', filtered);
    expect(await screen.findByText('No calls match your filters')).toBeVisible();
  });

  it('exports the filtered set as CSV', async () => {
    const click = stubDownloads();
    const fetch = renderClient({
      [PAGE_1]: listOf(records),
      'GET /api/calls?search=&type=outbound&status=&page=1&pageSize=20': listOf(
        records.slice(0, 1),
      ),
      'GET /api/calls/export?search=&type=outbound&status=': ok('id,type'),
    });
    await screen.findByRole('table', { name: 'Your calls' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'outbound');
    const table = screen.getByRole('table', { name: 'Your calls' });
    await waitFor(() => expect(within(table).queryByText('Inbound')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Export Records' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls(fetch)).toContain('GET /api/calls/export?search=&type=outbound&status=');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('dialtone-calls.csv');
  });

  it('downloads a recording', async () => {
    const click = stubDownloads();
    const fetch = renderClient({
      [PAGE_1]: listOf(records),
      'GET /api/calls/7/recording': ok('RIFF'),
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Download recording of the call with +14155550123',
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls(fetch)).toContain('GET /api/calls/7/recording');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('dialtone-call-7.wav');
  });

  it('shows an empty state, and Retry after an error', async () => {
    const history = failsUntilRetry(500, 'Database unavailable', listOf([]));
    renderClient({ [PAGE_1]: history.route });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await history.retry();
    expect(await screen.findByText('No calls yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export Records' })).toBeDisabled();
  });
});

describe('Call history (admin)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists every user's calls and exports with the same filters", async () => {
    const click = stubDownloads();
    const withUser = records.map((r) => ({ ...r, user: 'Ada Lovelace <ada@example.com>' }));
    const fetch = mockApi({
      'GET /api/admin/calls?search=&type=&status=&page=1&pageSize=20': listOf(withUser),
      'GET /api/admin/calls?search=ada&type=&status=no-answer&page=1&pageSize=20': listOf(
        withUser.slice(1),
      ),
      'GET /api/admin/calls/export?search=ada&type=&status=no-answer': ok('id'),
    });
    renderWithProviders(<AdminCallHistoryPage />, {
      route: '/admin/call-history',
      auth: adminAuth(),
    });
    expect(screen.getByRole('heading', { name: 'Call History' })).toBeVisible();
    expect(screen.getByText('View and manage call records')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Call records' });
    expect(within(table).getByRole('columnheader', { name: 'User' })).toBeVisible();
    expect(within(table).getAllByText('Ada Lovelace <ada@example.com>')).toHaveLength(2);
    expect(within(table).getByRole('columnheader', { name: 'Call Details' })).toBeVisible();

    await userEvent.type(screen.getByPlaceholderText('Search calls...'), 'ada');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'No Answer');
    await expectCalled(
      fetch,
      'GET /api/admin/calls?search=ada&type=&status=no-answer&page=1&pageSize=20',
    );
    const filtered = await screen.findByRole('table', { name: 'Call records' });
    await waitFor(() => expect(within(filtered).queryByText('Outbound')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Export Records' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls(fetch)).toContain('GET /api/admin/calls/export?search=ada&type=&status=no-answer');
  });
});
