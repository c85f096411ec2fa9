import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockApi, ok } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { MessagesPage } from './messages-page';
import { findRow } from '../../../test/queries';

const all = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Person ${i + 1}`,
  email: `p${i + 1}@example.com`,
  subject: `Question ${i + 1}`,
  message: 'Do you have Swiss numbers?',
  createdAt: '2025-01-15T10:00:00Z',
  handled: false,
  // The server lists priority support first.
  priority: i === 0,
}));

function server() {
  return mockApi({
    ...Object.fromEntries(
      [1, 2].flatMap((page) =>
        ['open', 'all'].map((status) => [
          `GET /api/admin/messages?status=${status}&page=${page}&pageSize=20`,
          () => ok({ items: all.slice((page - 1) * 20, page * 20), total: all.length }),
        ]),
      ),
    ),
    'GET /api/admin/messages?status=handled&page=1&pageSize=20': ok({ items: [], total: 0 }),
    'POST /api/admin/messages/3/handled': { status: 204 },
  });
}

describe('Admin messages page', () => {
  it('pages through the open messages', async () => {
    server();
    renderWithProviders(<MessagesPage />, { route: '/admin/messages' });
    expect(await screen.findByText('Showing 1 to 20 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 25 of 25')).toBeInTheDocument();
    expect(screen.getByText('Question 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('marks the messages of customers with priority support', async () => {
    server();
    renderWithProviders(<MessagesPage />, { route: '/admin/messages' });
    const first = await findRow('Question 1');
    expect(within(first).getByText('Priority')).toBeInTheDocument();
    expect(within(await findRow('Question 2')).queryByText('Priority')).toBeNull();
  });

  it('filters by status and shows an empty state', async () => {
    server();
    renderWithProviders(<MessagesPage />, { route: '/admin/messages' });
    await screen.findByText('Question 1');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'handled');
    expect(await screen.findByText('No messages')).toBeInTheDocument();
  });

  it('marks a message handled and refetches', async () => {
    const fetch = server();
    renderWithProviders(<MessagesPage />, { route: '/admin/messages' });
    const row = await findRow('Question 3');
    await userEvent.click(within(row).getByRole('button', { name: /Mark handled/ }));
    await waitFor(() => expect(calls(fetch).filter((c) => c.startsWith('GET'))).toHaveLength(2));
    expect(calls(fetch)).toContain('POST /api/admin/messages/3/handled');
  });
});
