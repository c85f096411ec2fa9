import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockApi, ok } from '../../../test/mock-api';
import { adminAuth, renderWithProviders } from '../../../test/render';
import { OverviewPage } from './overview-page';
import { linkTargets } from '../../../test/queries';

const stats = {
  totalUsers: 1204,
  activeNumbers: 87,
  minutesUsed: 15320,
  revenue: 12345.6,
  countries: 9,
  topCountries: [
    { name: 'United States', revenue: 820.5, change: 12.5 },
    { name: 'Germany', revenue: 310, change: -4.2 },
    { name: 'Japan', revenue: 45.25, change: null },
  ],
  recentUsers: [
    {
      id: 7,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'suspended',
      joinDate: '2026-03-14T09:00:00Z',
    },
  ],
};

function renderPage() {
  renderWithProviders(<OverviewPage />, { route: '/admin', auth: adminAuth() });
}

describe('Admin overview', () => {
  it('shows the five cards from the server', async () => {
    mockApi({ 'GET /api/admin/stats': ok(stats) });
    renderPage();
    await screen.findByText('1,204');
    expect(screen.getByTestId('stat-Total Users')).toHaveTextContent('Total Users1,204');
    expect(screen.getByTestId('stat-Active Numbers')).toHaveTextContent('87');
    expect(screen.getByTestId('stat-Minutes Used')).toHaveTextContent('15,320');
    expect(screen.getByTestId('stat-Revenue')).toHaveTextContent('$12345.60');
    expect(screen.getByTestId('stat-Countries')).toHaveTextContent('9');
  });

  it('shows revenue by country with green rises, red falls and a dash without history', async () => {
    mockApi({ 'GET /api/admin/stats': ok(stats) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Revenue by country, last 30 days' });
    const us = within(table).getByRole('row', { name: /United States/ });
    expect(us).toHaveTextContent('$820.50');
    expect(within(us).getByText('12.5%').closest('[data-trend]')).toHaveClass('text-green-700');
    expect(us).toHaveTextContent('Up 12.5%');
    const de = within(table).getByRole('row', { name: /Germany/ });
    expect(within(de).getByText('4.2%').closest('[data-trend]')).toHaveClass('text-red-700');
    expect(de).toHaveTextContent('Down 4.2%');
    const jp = within(table).getByRole('row', { name: /Japan/ });
    expect(jp).toHaveTextContent('$45.25');
    expect(within(jp).getByText('—')).toBeInTheDocument();
  });

  it('lists recent users and links to the user list and the quick links', async () => {
    mockApi({ 'GET /api/admin/stats': ok(stats) });
    renderPage();
    const recent = (await screen.findByRole('heading', { name: 'Recent users' })).closest(
      'section',
    )!;
    await within(recent).findByText('Ada Lovelace');
    expect(within(recent).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(recent).getByText('suspended')).toHaveClass('bg-red-100');
    expect(within(recent).getByText('Joined Mar 14, 2026')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'View all users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(linkTargets('Quick links')).toEqual([
      '/admin/users',
      '/admin/country-pricing',
      '/admin/call-history',
      '/admin/analytics',
    ]);
  });

  it('offers Retry when the figures cannot load', async () => {
    let attempts = 0;
    const fetch = mockApi({
      'GET /api/admin/sip/bans': ok({ bans: [] }),
      'GET /api/admin/trial/codes': ok({
        lastDay: { codes: 0, cost: 0 },
        last30Days: { codes: 0, cost: 0 },
      }),
      'GET /api/admin/stats': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : ok(stats);
      },
    });
    renderPage();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Revenue')).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('$12345.60')).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c === 'GET /api/admin/stats')).toHaveLength(2);
  });

  it('lists the addresses the switch bans, and why', async () => {
    mockApi({
      'GET /api/admin/stats': ok(stats),
      'GET /api/admin/sip/bans': ok({
        bans: [
          {
            address: '203.0.113.9',
            reason: 'scanner',
            userAgent: 'friendly-scanner',
            bannedAt: '2026-11-28T07:00:00Z',
            expiresAt: '2026-11-28T07:05:00Z',
          },
        ],
      }),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Banned SIP addresses' });
    expect(await within(panel).findByText('203.0.113.9')).toBeInTheDocument();
    expect(within(panel).getByText('SIP scanner (friendly-scanner)')).toBeInTheDocument();
  });

  it('shows what the verification codes cost the provider', async () => {
    mockApi({
      'GET /api/admin/stats': ok(stats),
      'GET /api/admin/sip/bans': ok({ bans: [] }),
      'GET /api/admin/trial/codes': ok({
        lastDay: { codes: 1, cost: 0.04 },
        last30Days: { codes: 12, cost: 0.5 },
      }),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Verification codes' });
    expect(await within(panel).findByText('1 code, $0.04')).toBeInTheDocument();
    expect(within(panel).getByText('12 codes, $0.50')).toBeInTheDocument();
  });
});
