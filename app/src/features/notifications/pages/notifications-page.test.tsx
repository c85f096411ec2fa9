import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi, ok, type Routes } from '../../../test/mock-api';
import { failsUntilRetry } from '../../../test/retry';
import { clientAuth, renderWithToasts } from '../../../test/render';
import type { Notification } from '../api/get-notifications';
import { NotificationsBell } from '../components/notifications-bell';
import { NotificationsPage } from './notifications-page';
import { expectCalled } from '../../../test/queries';

const LIST = 'GET /api/notifications?page=1&pageSize=20';
const UNREAD = 'GET /api/notifications?page=1&pageSize=1';

function sample(): Notification[] {
  return [
    {
      id: 2,
      kind: 'low_balance',
      title: 'Low balance',
      message: 'Your balance is below $5.00.',
      date: '2026-01-02T10:00:00Z',
      read: false,
    },
    {
      id: 1,
      kind: 'renewal',
      title: 'Number renews soon',
      message: '+1 415 555 0123 renews in 7 days.',
      date: '2026-01-01T10:00:00Z',
      read: true,
    },
  ];
}

/** A tiny server: the list and the unread count follow the read flags. */
function server(items: Notification[]): Routes {
  const page = (pageSize: number) =>
    ok({
      items: items.slice(0, pageSize),
      total: items.length,
      page: 1,
      pageSize,
      unread: items.filter((item) => !item.read).length,
    });
  const routes: Routes = {
    [LIST]: () => page(20),
    [UNREAD]: () => page(1),
    'POST /api/notifications/read-all': () => {
      const marked = items.filter((item) => !item.read).length;
      items.forEach((item) => (item.read = true));
      return ok({ marked });
    },
  };
  for (const item of items) {
    routes[`POST /api/notifications/${item.id}/read`] = () => {
      item.read = true;
      return { status: 204 };
    };
  }
  return routes;
}

function renderPage(routes: Routes) {
  const fetch = mockApi(routes);
  renderWithToasts(
    <>
      <NotificationsBell />
      <NotificationsPage />
    </>,
    { route: '/client/notifications', auth: clientAuth() },
  );
  return fetch;
}

describe('Notifications page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the empty state', async () => {
    renderPage(server([]));
    expect(await screen.findByText('No notifications')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'No unread notifications' })).toBeVisible();
  });

  it('highlights unread items and marks one read on click', async () => {
    const fetch = renderPage(server(sample()));
    const list = await screen.findByRole('region', { name: 'Notifications' });
    const [unread, read] = await within(list).findAllByRole('listitem');
    expect(within(unread).getByRole('heading', { name: 'Unread: Low balance' })).toBeVisible();
    expect(unread).toHaveClass('bg-brand-50/60');
    expect(within(read).getByRole('heading', { name: 'Number renews soon' })).toBeVisible();
    expect(within(read).queryByRole('button', { name: /Mark as read/ })).toBeNull();
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toHaveAttribute(
      'href',
      '/client/notifications',
    );

    await userEvent.click(within(unread).getByText('Your balance is below $5.00.'));
    await waitFor(() =>
      expect(within(unread).queryByRole('button', { name: /Mark as read/ })).toBeNull(),
    );
    expect(calls(fetch)).toContain('POST /api/notifications/2/read');
    expect(await screen.findByRole('link', { name: 'No unread notifications' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks one read with its button', async () => {
    const fetch = renderPage(server(sample()));
    await userEvent.click(await screen.findByRole('button', { name: /Mark as read/ }));
    await expectCalled(fetch, 'POST /api/notifications/2/read');
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('marks all as read and refreshes the unread badge', async () => {
    const items = sample();
    items[1].read = false;
    const fetch = renderPage(server(items));
    expect(await screen.findByRole('link', { name: '2 unread notifications' })).toBeVisible();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('2 notifications marked as read')).toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/notifications/read-all');
    expect(await screen.findByRole('link', { name: 'No unread notifications' })).toBeVisible();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /Mark as read/ })).toEqual([]);
  });

  it('offers Retry when the list cannot load', async () => {
    const routes = server(sample());
    const list = failsUntilRetry(503, 'Try again shortly', routes[LIST]);
    renderPage({ ...routes, [LIST]: list.route });
    expect(await screen.findByText('Try again shortly')).toBeVisible();
    await list.retry();
    expect(await screen.findByText('Low balance')).toBeVisible();
  });
});
