import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi, ok, refusal } from '../../../test/mock-api';
import { adminAuth, renderWithProviders } from '../../../test/render';
import { LiveCallsPanel } from './live-calls-panel';
import { expectCalled } from '../../../test/queries';

const answered = {
  callId: 'call-1',
  type: 'outbound',
  from: '+14155550100',
  to: '+12125550199',
  customer: 'ada@example.com',
  userId: 2,
  startedAt: Date.now() - 10_000,
  answeredAt: Date.now() - 8_000,
  durationSeconds: 8,
  costSoFar: 0.01,
  maxDurationSeconds: 3000,
};
const ringing = { ...answered, callId: 'call-2', answeredAt: null, durationSeconds: 0 };

describe('Calls in progress (admin)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each call with its customer and hangs up an answered one after asking', async () => {
    let items = [answered, ringing];
    const fetch = mockApi({
      'GET /api/admin/calls/live': () => ok({ items }),
      'POST /api/admin/calls/live/call-1/hangup': () => {
        items = [ringing];
        return { status: 204 };
      },
    });
    renderWithProviders(<LiveCallsPanel scope="admin" />, { auth: adminAuth() });
    const table = await screen.findByRole('table', { name: 'Calls in progress' });
    expect(within(table).getAllByText('ada@example.com')).toHaveLength(2);
    // Only an answered call has a dialog to end.
    const buttons = within(table).getAllByRole('button', { name: /Hang up the call/ });
    expect(buttons).toHaveLength(1);

    await userEvent.click(buttons[0]);
    const dialog = screen.getByRole('dialog', { name: 'Hang Up Call' });
    expect(calls(fetch)).not.toContain('POST /api/admin/calls/live/call-1/hangup');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hang Up' }));
    await expectCalled(fetch, 'POST /api/admin/calls/live/call-1/hangup');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(table).queryByText('+12125550199')).not.toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it("shows the switch's refusal in the dialog", async () => {
    mockApi({
      'GET /api/admin/calls/live': ok({ items: [answered] }),
      'POST /api/admin/calls/live/call-1/hangup': refusal(
        409,
        'The switch no longer carries this call',
      ),
    });
    renderWithProviders(<LiveCallsPanel scope="admin" />, { auth: adminAuth() });
    await userEvent.click(await screen.findByRole('button', { name: /Hang up the call/ }));
    const dialog = screen.getByRole('dialog', { name: 'Hang Up Call' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hang Up' }));
    await within(dialog).findByText('The switch no longer carries this call');
  });
});
