import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, ok, refusal } from '../../../test/mock-api';
import { adminAuth, pageTest } from '../../../test/render';
import type { AnalyticsChartProps } from '../components/analytics-chart';
import { AnalyticsPage } from './analytics-page';
import { expectCalled } from '../../../test/queries';

// jsdom cannot lay out an SVG chart; the lazy chart module is replaced by its data.
vi.mock('../components/analytics-chart', () => ({
  default: (props: AnalyticsChartProps) => (
    <div data-testid={`chart-${props.kind}`}>{props.data.length} points</div>
  ),
}));

const analytics = (from: string, to: string) => ({
  from,
  to,
  revenue: [
    {
      date: from,
      deposits: 100,
      numbers: 2.99,
      packages: 19.99,
      inboundCalls: 0.5,
      outboundCalls: 0.75,
      recordings: 0.01,
      sms: 0.1,
      ivr: 29.99,
      refunds: 0,
    },
    {
      date: to,
      deposits: 50.5,
      numbers: 0,
      packages: 0,
      inboundCalls: 0,
      outboundCalls: 0.75,
      recordings: 0,
      sms: 0.05,
      ivr: 0,
      refunds: 1.5,
    },
  ],
  calls: [
    { date: from, calls: 30, answered: 27, minutes: 64 },
    { date: to, calls: 10, answered: 10, minutes: 20 },
  ],
  asr: 92.5,
  acd: 125,
  topDestinations: [{ country: 'Germany', calls: 12, minutes: 40, revenue: 1.2 }],
  newUsers: [
    { date: from, count: 2 },
    { date: to, count: 1 },
  ],
});

const DEFAULT = 'GET /api/admin/analytics?from=2026-03-02&to=2026-03-31';

const show = pageTest(
  <AnalyticsPage />,
  { route: '/admin/analytics', auth: adminAuth(), toasts: true },
  {
    [DEFAULT]: ok(analytics('2026-03-02', '2026-03-31')),
    'GET /api/admin/analytics?from=2026-03-25&to=2026-03-31': ok(
      analytics('2026-03-25', '2026-03-31'),
    ),
  },
);

describe('Analytics page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the last 30 days with the KPIs, five charts and their tables', async () => {
    const { fetch } = show();
    expect(screen.getByRole('heading', { name: 'Analytics Dashboard' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-02');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-31');
    expect(screen.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('92.5%')).toBeInTheDocument();
    expect(screen.getByTestId('kpi-ACD')).toHaveTextContent('2:05');
    expect(calls(fetch)).toEqual([DEFAULT]);

    // What customers spent, by product (the IVR fee is IVR's, not SMS's), refunds apart.
    const revenue = screen.getByRole('region', { name: 'Revenue per day by product' });
    expect(revenue).toHaveTextContent(
      'Numbers $2.99, Packages $19.99, Inbound calls $0.50, Outbound calls $1.50, Recordings $0.01, SMS $0.15, IVR $29.99; refunds $1.50 given back.',
    );
    expect(await within(revenue).findByTestId('chart-revenue')).toHaveTextContent('2 points');
    expect(within(revenue).getByRole('img', { name: 'Revenue per day by product' })).toBeVisible();
    expect(within(revenue).getByText('View as table')).toBeInTheDocument();
    const table = within(revenue).getByRole('table', { name: 'Revenue per day by product' });
    expect(within(table).getByRole('row', { name: /Mar 2, 2026/ })).toHaveTextContent('$29.99');
    expect(within(table).getByRole('row', { name: /Mar 2, 2026/ })).not.toHaveTextContent(
      '$100.00',
    );
    // Money paid in is its own chart, never stacked with spending.
    const moneyIn = screen.getByRole('region', { name: 'Money paid in per day' });
    expect(moneyIn).toHaveTextContent('Deposits $150.50.');
    const deposits = within(moneyIn).getByRole('table', { name: 'Money paid in per day' });
    expect(within(deposits).getByRole('row', { name: /Mar 2, 2026/ })).toHaveTextContent('$100.00');

    const callsCard = screen.getByRole('region', { name: 'Calls and minutes per day' });
    expect(callsCard).toHaveTextContent('40 calls, 37 answered, 84 minutes.');
    expect(screen.getByRole('region', { name: 'New users per day' })).toHaveTextContent(
      '3 new users.',
    );
    const destinations = screen.getByRole('region', { name: 'Top destinations' });
    expect(within(destinations).getByRole('row', { name: /Germany/ })).toHaveTextContent(
      'Germany1240$1.20',
    );
  });

  it('switches to the last 7 days with a quick button', async () => {
    const { fetch } = show();
    await screen.findByText('92.5%');
    await userEvent.click(screen.getByRole('button', { name: '7d' }));
    await expectCalled(fetch, 'GET /api/admin/analytics?from=2026-03-25&to=2026-03-31');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-25');
    expect(screen.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('From Mar 25, 2026 to Mar 31, 2026')).toBeInTheDocument();
  });

  it('shows the server’s range message under the field and asks for missing dates', async () => {
    const { fetch } = show({
      'GET /api/admin/analytics?from=2026-04-10&to=2026-03-31': refusal(400, 'Invalid input', {
        from: 'The start date must not be after the end date',
      }),
    });
    await screen.findByText('92.5%');
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-04-10' } });
    expect(
      await screen.findByText('The start date must not be after the end date'),
    ).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose a valid date range to see the charts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();

    const before = calls(fetch).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    expect(await screen.findByText('Enter an end date')).toBeInTheDocument();
    expect(screen.getByText('Enter both dates to see the charts.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls(fetch)).toHaveLength(before);
  });

  it('exports each chart’s CSV for the range on screen', async () => {
    const createObjectURL = vi.fn(() => 'blob:analytics');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { fetch } = show({
      'GET /api/admin/analytics/export?chart=revenue&from=2026-03-02&to=2026-03-31':
        ok('date,deposits\n'),
      'GET /api/admin/analytics/export?chart=destinations&from=2026-03-02&to=2026-03-31': {
        status: 500,
        body: { message: 'Export failed' },
      },
    });
    await screen.findByText('92.5%');
    await userEvent.click(
      screen.getByRole('button', { name: 'Export CSV, Revenue per day by product' }),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls(fetch)).toContain(
      'GET /api/admin/analytics/export?chart=revenue&from=2026-03-02&to=2026-03-31',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV, Top destinations' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
  });
});
