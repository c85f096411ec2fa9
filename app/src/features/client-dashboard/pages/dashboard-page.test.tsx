import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi, ok, type Routes } from '../../../test/mock-api';
import { failsUntilRetry } from '../../../test/retry';
import { clientUser, fakeAuth, renderWithProviders } from '../../../test/render';
import type { UsagePoint } from '../api/get-usage';
import { DashboardPage } from './dashboard-page';
import { expectLinkTo, linkTargets } from '../../../test/queries';

// jsdom cannot lay out an SVG chart; the lazy chart module is replaced by its data.
vi.mock('../components/usage-chart', () => ({
  default: ({ points }: { points: UsagePoint[] }) => (
    <div data-testid="usage-chart">{points.map((point) => point.label).join(' ')}</div>
  ),
}));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const summary = {
  balance: 80.25,
  activeNumbers: 3,
  minutesRemaining: 250,
  smsThisMonth: 12,
  smsRemaining: 7845,
  smsRate: 0.01,
  smsDestination: 'United States',
  unreadNotifications: 2,
  recentActivity: [
    {
      id: 'call-1',
      type: 'call',
      date: minutesAgo(5),
      number: '+14155550123',
      duration: '2:05',
      cost: 0.04,
    },
    {
      id: 'sms-1',
      type: 'sms',
      date: minutesAgo(90),
      number: '+447700900123',
      message: 'On my way',
      cost: 0.01,
    },
    { id: 'dep-1', type: 'deposit', date: minutesAgo(60 * 30), amount: 25, method: 'card' },
    {
      id: 'pur-1',
      type: 'purchase',
      date: '2025-01-01T10:00:00Z',
      amount: 19.99,
      item: 'Basic package',
    },
  ],
};

function usage(range: string, points: UsagePoint[]) {
  return ok({ range, points });
}

const week = [
  { label: '2026-11-19', minutes: 10, messages: 2, spend: 0.5 },
  { label: '2026-11-20', minutes: 32, messages: 8, spend: 1.25 },
];

function renderPage(routes: Routes) {
  const fetch = mockApi({
    'GET /api/dashboard': ok(summary),
    'GET /api/calls/live': ok({ items: [] }),
    'GET /api/dashboard/usage?range=week': usage('week', week),
    'GET /api/dashboard/usage?range=month': usage('month', [
      { label: '2026-11-01', minutes: 100, messages: 1, spend: 2 },
    ]),
    'GET /api/dashboard/usage?range=year': usage('year', [
      { label: '2026-10', minutes: 400, messages: 40, spend: 10.1 },
      { label: '2026-11', minutes: 300, messages: 30, spend: 7.2 },
    ]),
    ...routes,
  });
  renderWithProviders(<DashboardPage />, {
    route: '/client',
    auth: fakeAuth({ user: clientUser }),
  });
  return fetch;
}

function card(label: string): HTMLElement {
  return screen.getByRole('heading', { name: label }).closest('div.flex-col') as HTMLElement;
}

describe('Client dashboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the balance and the account figures with their links', async () => {
    renderPage({});
    expect(screen.getByText('Welcome back, Casey Client')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$80.25'));
    expect(within(card('Active numbers')).getByText('3')).toBeVisible();
    expect(within(card('Active numbers')).getByRole('link')).toHaveAttribute(
      'href',
      '/client/my-numbers',
    );
    expect(within(card('Minutes remaining')).getByText('250')).toBeVisible();
    expect(within(card('Minutes remaining')).getByRole('link')).toHaveAttribute(
      'href',
      '/client/my-packages',
    );
    // SPEC 2: SMS remaining, with the messages sent this month as its secondary line.
    expect(within(card('SMS remaining')).getByText('7845')).toBeVisible();
    expect(within(card('SMS remaining')).getByText('12 sent this month')).toBeVisible();
    expect(
      within(card('SMS remaining')).getByText(
        'What your balance buys at $0.010 a message to United States, where you text most.',
      ),
    ).toBeVisible();
    expect(within(card('SMS remaining')).getByRole('link')).toHaveAttribute(
      'href',
      '/client/send-sms',
    );
    expectLinkTo('Add funds', '/client/deposit');
  });

  it('lists recent activity with a description and amount per type', async () => {
    renderPage({});
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    const [call, sms, deposit, purchase] = await within(activity).findAllByRole('listitem');
    expect(call).toHaveTextContent('Call with +14155550123');
    expect(call).toHaveTextContent('Duration 2:05');
    expect(call).toHaveTextContent('5 minutes ago');
    expect(call).toHaveTextContent('-$0.04');
    expect(sms).toHaveTextContent('SMS to +447700900123');
    expect(sms).toHaveTextContent('On my way');
    expect(deposit).toHaveTextContent('Deposit by card');
    expect(within(deposit).getByText('+$25.00')).toHaveClass('text-green-700');
    expect(purchase).toHaveTextContent('Purchased Basic package');
    expect(purchase).toHaveTextContent('-$19.99');
    expect(purchase).toHaveTextContent('Jan 1, 2025');
  });

  it('says when there is no recent activity', async () => {
    renderPage({ 'GET /api/dashboard': ok({ ...summary, recentActivity: [] }) });
    expect(await screen.findByText('No recent activity')).toBeVisible();
  });

  it('switches the usage history between week, month and year', async () => {
    const fetch = renderPage({});
    const week = screen.getByRole('button', { name: 'Week' });
    expect(week).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByTestId('usage-chart')).toHaveTextContent('2026-11-19 2026-11-20');
    expect(screen.getByTestId('usage-summary')).toHaveTextContent(
      'In the last 7 days: 42 minutes of calls, 10 messages, $1.75 spent.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(week).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(screen.getByTestId('usage-chart')).toHaveTextContent('2026-11-01'));

    await userEvent.click(screen.getByRole('button', { name: 'Year' }));
    await waitFor(() =>
      expect(screen.getByTestId('usage-summary')).toHaveTextContent(
        'In the last 12 months: 700 minutes of calls, 70 messages, $17.30 spent.',
      ),
    );
    const table = screen.getByRole('table', { name: 'Usage by period' });
    expect(within(table).getByRole('rowheader', { name: 'Nov 2026' })).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('GET /api/dashboard/usage'))).toEqual([
      'GET /api/dashboard/usage?range=week',
      'GET /api/dashboard/usage?range=month',
      'GET /api/dashboard/usage?range=year',
    ]);
  });

  it("falls back to the user's balance and offers Retry when the overview fails", async () => {
    const dashboard = failsUntilRetry(500, 'Overview unavailable', ok(summary));
    renderPage({ 'GET /api/dashboard': dashboard.route });
    expect(await screen.findByText('Overview unavailable')).toBeVisible();
    expect(screen.getByTestId('balance')).toHaveTextContent('$125.50');
    await dashboard.retry();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$80.25'));
  });

  it('shows my calls in progress with their talk time and cost so far', async () => {
    renderPage({
      'GET /api/calls/live': ok({
        items: [
          {
            callId: 'c1',
            type: 'outbound',
            from: '+14155550100',
            to: '+12125550199',
            startedAt: Date.now() - 80_000,
            answeredAt: Date.now() - 75_000,
            durationSeconds: 75,
            costSoFar: 0.025,
            maxDurationSeconds: 3000,
          },
          {
            callId: 'c2',
            type: 'inbound',
            from: '+442071234567',
            to: '+14155550100',
            startedAt: Date.now(),
            answeredAt: null,
            durationSeconds: 0,
            costSoFar: 0,
            maxDurationSeconds: 3000,
          },
        ],
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Calls in Progress' });
    await waitFor(() =>
      expect(within(panel).getByTestId('live-duration-c1')).toHaveTextContent('1:15'),
    );
    expect(within(panel).getByText('$0.03')).toBeVisible();
    expect(within(panel).getByTestId('live-duration-c2')).toHaveTextContent('Ringing');
    expect(within(panel).queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Hang up/ })).toBeNull();
  });

  it('says when no call is in progress', async () => {
    renderPage({});
    const panel = await screen.findByRole('region', { name: 'Calls in Progress' });
    await within(panel).findByText('No calls in progress.');
  });

  it('offers quick actions', () => {
    renderPage({});
    expect(linkTargets('Quick actions')).toEqual([
      '/client/buy-number',
      '/client/buy-package',
      '/client/send-sms',
      '/client/deposit',
    ]);
  });
});
