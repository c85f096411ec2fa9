import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { adminAuth, renderWithToasts } from '../../../test/render';
import { SmsLinkPanel } from './sms-link-panel';
import { expectShows } from '../../../test/queries';

const bound = {
  instanceId: 'web-1:4242:9f86d081',
  systemId: 'dialtone',
  smscAddr: 'smsc.example.net:2775',
  bound: true,
  boundSince: '2026-11-25T10:00:00Z',
  lastError: null,
  lastErrorAt: null,
  submittedTotal: 1200,
  receivedTotal: 1100,
  submittedPerMinute: 42,
  receivedPerMinute: 40,
  updatedAt: '2026-11-25T10:30:00Z',
  stale: false,
};

const down = {
  ...bound,
  instanceId: 'web-2:77:0a1b2c3d',
  bound: false,
  boundSince: null,
  lastError: 'Bind failed: connection refused',
  lastErrorAt: '2026-11-25T10:29:00Z',
  submittedTotal: 0,
  receivedTotal: 0,
  submittedPerMinute: 0,
  receivedPerMinute: 0,
};

function renderPanel() {
  renderWithToasts(<SmsLinkPanel />, { route: '/admin/settings', auth: adminAuth() });
}

describe('SMS carrier link panel', () => {
  it('shows each link bound or not, its throughput and last error, and the queue', async () => {
    mockApi({
      'GET /api/admin/sms/link': ok({
        provider: 'smpp',
        links: [bound, down],
        queue: { queued: 7, oldestQueuedSeconds: 125 },
      }),
    });
    renderPanel();
    const first = await screen.findByRole('listitem', { name: `Link ${bound.instanceId}` });
    expectShows(first, ['Bound', 'Bound since', '42 / min (1200 parts in all)', 'None']);
    const second = screen.getByRole('listitem', { name: `Link ${down.instanceId}` });
    expectShows(second, ['Not bound', 'Bind failed: connection refused']);
    expect(screen.getByText('SMPP')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('2 min ago')).toBeInTheDocument();
  });

  it('says the loopback provider has no carrier', async () => {
    mockApi({
      'GET /api/admin/sms/link': ok({
        provider: 'loopback',
        links: [],
        queue: { queued: 0, oldestQueuedSeconds: null },
      }),
    });
    renderPanel();
    expect(
      await screen.findByText(
        'Loopback provider: messages are marked delivered without a carrier.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('None waiting')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when no instance has reported a link yet', async () => {
    mockApi({
      'GET /api/admin/sms/link': ok({
        provider: 'smpp',
        links: [],
        queue: { queued: 3, oldestQueuedSeconds: 4 },
      }),
    });
    renderPanel();
    expect(
      await screen.findByText('No instance has reported an SMPP link yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('4 s ago')).toBeInTheDocument();
  });

  it('shows a loading state, then Retry when the link cannot load', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    mockApi({
      'GET /api/admin/sms/link': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderPanel();
    expect(screen.getByText('Loading the carrier link...')).toBeInTheDocument();
    answer({ status: 503, body: { message: 'Try again later' } });
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
