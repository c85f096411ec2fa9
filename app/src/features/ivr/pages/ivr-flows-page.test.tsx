import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calls, ok, refusal } from '../../../test/mock-api';
import { pageTest } from '../../../test/render';
import { IvrFlowsPage } from './ivr-flows-page';
import { chooseRowAction, expectLinkTo, answerDialog } from '../../../test/queries';

const reception = {
  id: 3,
  name: 'Reception',
  steps: 3,
  numbers: ['+14155550100'],
  updatedAt: '2026-11-24T09:30:00Z',
};
const afterHours = { ...reception, id: 4, name: 'After hours', steps: 2, numbers: [] };
const message = {
  id: 11,
  caller: '+12125550199',
  number: '+14155550100',
  flowId: 3,
  flowName: 'Reception',
  seconds: 41,
  date: '2026-11-24T10:00:00Z',
  heard: false,
};

const show = pageTest(
  <IvrFlowsPage />,
  { route: '/client/ivr', toasts: true },
  {
    'GET /api/ivr/flows': ok({
      items: [reception, afterHours],
      level: 'basic',
      monthlyPrice: 29.99,
    }),
    'GET /api/ivr/voicemails': ok([message]),
  },
);

describe('IVR flows page', () => {
  it('lists flows with their steps, numbers and update, and the monthly price', async () => {
    show();
    const row = (await screen.findByRole('link', { name: 'Reception' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Reception' })).toHaveAttribute(
      'href',
      '/client/ivr/3',
    );
    expect(row).toHaveTextContent('+14155550100');
    expect(row).toHaveTextContent('Nov 24, 2026');
    expect(screen.getByText(/A flow in use costs \$29\.99\/month/)).toBeInTheDocument();
    expectLinkTo('New flow', '/client/ivr/new');
  });

  it('shows the server’s refusal to delete a flow a number routes to', async () => {
    const { fetch } = show({
      'DELETE /api/ivr/flows/3': refusal(409, '+14155550100 routes its calls to this flow'),
    });
    await chooseRowAction('Reception', 'Delete');
    const dialog = await answerDialog(
      'Delete IVR flow',
      'route that number elsewhere in My Numbers first',
      'Delete flow',
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '+14155550100 routes its calls to this flow',
    );
    expect(calls(fetch)).toContain('DELETE /api/ivr/flows/3');
  });

  it('deletes after the confirmation, and duplicates', async () => {
    let deleted = false;
    const { fetch } = show({
      'GET /api/ivr/flows': () =>
        ok({
          items: deleted ? [reception] : [reception, afterHours],
          level: 'basic',
          monthlyPrice: 29.99,
        }),
      'DELETE /api/ivr/flows/4': () => {
        deleted = true;
        return { status: 204 };
      },
      'POST /api/ivr/flows/3/duplicate': {
        status: 201,
        body: { ...reception, id: 5, name: 'Reception (copy)' },
      },
    });
    await chooseRowAction('After hours', 'Delete');
    await userEvent.click(screen.getByRole('button', { name: 'Delete flow' }));
    expect(await screen.findByText('After hours deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'After hours' })).toBeNull());
    await chooseRowAction('Reception', 'Duplicate');
    expect(await screen.findByText('Reception (copy) created')).toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/ivr/flows/3/duplicate');
  });

  it('plays, downloads and deletes a voicemail through the API with the token', async () => {
    const createObjectURL = vi.fn(() => 'blob:voicemail-11');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { fetch } = show({
      'GET /api/ivr/voicemails/11/audio': ok('RIFF'),
      'DELETE /api/ivr/voicemails/11': { status: 204 },
    });
    const item = (await screen.findByText('+12125550199')).closest('li')!;
    expect(item).toHaveTextContent('to +14155550100 (Reception)');
    expect(item).toHaveTextContent('41 s');
    expect(within(item).getByText('New')).toBeInTheDocument();
    await userEvent.click(
      within(item).getByRole('button', { name: 'Play message from +12125550199' }),
    );
    const audio = await within(item).findByLabelText('Message from +12125550199');
    expect(audio).toHaveAttribute('src', 'blob:voicemail-11');
    expect(calls(fetch)).toContain('GET /api/ivr/voicemails/11/audio');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(
      within(item).getByRole('button', { name: 'Download message from +12125550199' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(2);
    expect(click.mock.contexts[0]).toHaveProperty('download', 'voicemail-11.wav');
    click.mockRestore();
    await userEvent.click(
      within(item).getByRole('button', { name: 'Delete message from +12125550199' }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete message' })).getByRole('button', {
        name: 'Delete message',
      }),
    );
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    expect(calls(fetch)).toContain('DELETE /api/ivr/voicemails/11');
  });
});
