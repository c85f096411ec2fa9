import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, keepsBody, mockServer, ok, refusal } from '../../../test/mock-api';
import { clientAuth, renderWithToasts } from '../../../test/render';
import type { MyNumber } from '../api/get-my-numbers';
import { RouteNumberDialog } from './route-number-dialog';
import { expectChargeFailure } from '../../../test/charge-failure';

const item = { id: 5, number: '+14155550100' } as MyNumber;
const route = {
  devices: [{ id: 1, username: 'desk', selected: false }],
  ringAll: true,
  forwardTo: null,
  ivrFlowId: null,
};
const flows = {
  items: [
    { id: 3, name: 'Reception', steps: 3, numbers: [], updatedAt: '2026-11-24T09:30:00Z' },
    { id: 4, name: 'After hours', steps: 2, numbers: [], updatedAt: '2026-11-24T09:30:00Z' },
  ],
  level: 'basic',
  monthlyPrice: 29.99,
};

const server = mockServer({
  'GET /api/numbers/5/route': ok(route),
  'GET /api/ivr/flows': ok(flows),
});

function renderDialog() {
  const auth = clientAuth();
  renderWithToasts(<RouteNumberDialog item={item} onClose={() => {}} />, { auth });
  return auth;
}

describe('Call routing to an IVR flow', () => {
  it('routes the number to a chosen flow, with the monthly price shown', async () => {
    const put = keepsBody(() => ok({ ...route, ivrFlowId: 4 }));
    const fetch = server({ 'PUT /api/numbers/5/route': put.route });
    const auth = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Call Routing' });
    await userEvent.click(
      await within(dialog).findByRole('radio', { name: 'Answer with an IVR flow' }),
    );
    const price = await within(dialog).findByTestId('ivr-price');
    expect(price).toHaveTextContent('A flow in use costs $29.99/month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Routing' }));
    expect(within(dialog).getByText('Choose the flow that answers calls')).toBeVisible();
    await userEvent.selectOptions(within(dialog).getByLabelText('IVR flow'), 'After hours');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Routing' }));
    expect(await screen.findByText('Routing of +14155550100 saved')).toBeInTheDocument();
    expect(put.sent()).toEqual({ devices: [], forwardTo: null, ivrFlowId: 4 });
    expect(calls(fetch)).toContain('PUT /api/numbers/5/route');
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());
  });

  it('opens on the flow a number is routed to, and shows a short balance with Add funds', async () => {
    server({
      'GET /api/numbers/5/route': ok({ ...route, ivrFlowId: 3 }),
      'PUT /api/numbers/5/route': refusal(402, 'Insufficient balance'),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Call Routing' });
    expect(
      await within(dialog).findByRole('radio', { name: 'Answer with an IVR flow' }),
    ).toBeChecked();
    await waitFor(() => expect(within(dialog).getByLabelText('IVR flow')).toHaveValue('3'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Routing' }));
    await expectChargeFailure('Insufficient balance', dialog);
  });

  it('keeps ringing devices as before', async () => {
    const put = keepsBody(() => ok(route));
    server({ 'PUT /api/numbers/5/route': put.route });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Call Routing' });
    await within(dialog).findByText('None chosen: calls ring all of your devices.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Routing' }));
    await screen.findByText('Routing of +14155550100 saved');
    expect(put.sent()).toEqual({ devices: [], forwardTo: null, ivrFlowId: null });
  });

  it('shows the server’s refusal of a flow under the flow field', async () => {
    server({
      'PUT /api/numbers/5/route': refusal(400, 'Invalid input', {
        ivrFlowId: 'Choose one of your own IVR flows',
      }),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Call Routing' });
    await userEvent.click(
      await within(dialog).findByRole('radio', { name: 'Answer with an IVR flow' }),
    );
    await userEvent.selectOptions(await within(dialog).findByLabelText('IVR flow'), 'Reception');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Routing' }));
    expect(await within(dialog).findByText('Choose one of your own IVR flows')).toBeVisible();
    expect(within(dialog).getByLabelText('IVR flow')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Invalid input')).toBeNull();
  });
});
