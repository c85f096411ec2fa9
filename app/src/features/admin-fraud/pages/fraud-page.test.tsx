import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockServer, ok } from '../../../test/mock-api';
import { adminAuth, renderWithToasts } from '../../../test/render';
import { FraudPage } from './fraud-page';

const alert = {
  id: 3,
  userId: 9,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  accountStatus: 'active',
  kind: 'short_call_burst',
  title: 'Burst of short calls to one range',
  evidence: '12 calls in the last hour to numbers starting +25261234, 12 answered, averaging 9 s.',
  status: 'open',
  createdAt: '2026-11-28T10:00:00Z',
};

const server = mockServer({ 'GET /api/admin/fraud/alerts': ok({ alerts: [alert] }) });

function renderPage() {
  renderWithToasts(<FraudPage />, { route: '/admin/fraud', auth: adminAuth() });
}

describe('Fraud page', () => {
  it('shows each alert with its evidence', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Fraud', level: 1 })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /ada@example.com/ });
    expect(within(row).getByText('Burst of short calls to one range')).toBeInTheDocument();
    expect(within(row).getByText(alert.evidence)).toBeInTheDocument();
    expect(within(row).getByText('open')).toBeInTheDocument();
  });

  it('suspends the account after a confirmation', async () => {
    const fetch = server({
      'POST /api/admin/fraud/alerts/3/suspend': ok({
        ...alert,
        status: 'suspended',
        accountStatus: 'suspended',
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend ada@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Account' });
    expect(within(dialog).getByText(/calls in progress are hung up/)).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend Account' }));
    expect(await screen.findByText('ada@example.com suspended')).toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/admin/fraud/alerts/3/suspend');
  });

  it('says when there is nothing to look at', async () => {
    server({ 'GET /api/admin/fraud/alerts': ok({ alerts: [] }) });
    renderPage();
    expect(
      await screen.findByText(
        'No alerts. Unusual traffic shows here within a minute of being seen.',
      ),
    ).toBeInTheDocument();
  });
});
