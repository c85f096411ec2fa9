import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keepsBody, mockServer, ok, refusal } from '../../../test/mock-api';
import { clientAuth, renderWithToasts } from '../../../test/render';
import type { MyNumber } from '../api/get-my-numbers';
import { NumberHooksDialog } from './number-hooks-dialog';

const item = { id: 5, number: '+14155550100' } as MyNumber;
const none = {
  voiceUrl: '',
  voiceMethod: 'POST',
  voiceFallbackUrl: '',
  smsUrl: '',
  smsMethod: 'POST',
  statusCallback: '',
};

const server = mockServer({ 'GET /api/numbers/5/hooks': ok(none) });

function renderDialog() {
  renderWithToasts(<NumberHooksDialog item={item} onClose={() => {}} />, { auth: clientAuth() });
}

describe('Voice & SMS URLs of a number', () => {
  it('checks each URL by core rules, then saves them all', async () => {
    const put = keepsBody((body) => ok(body));
    server({ 'PUT /api/numbers/5/hooks': put.route });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Voice & SMS URLs' });
    const voice = await within(dialog).findByLabelText('Voice URL');
    await userEvent.type(voice, 'ftp://app.example.com/voice');
    await userEvent.type(
      within(dialog).getByLabelText('Fallback URL'),
      'https://backup.example.com/voice',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));
    expect(
      within(dialog).getByText('Use an http:// or https:// URL of at most 2048 characters'),
    ).toBeVisible();
    expect(put.sent()).toBeUndefined();
    await userEvent.clear(voice);
    await userEvent.type(voice, 'https://app.example.com/voice');
    await userEvent.selectOptions(within(dialog).getByLabelText('Method'), 'GET');
    await userEvent.type(within(dialog).getByLabelText('SMS URL'), 'https://app.example.com/sms');
    await userEvent.selectOptions(within(dialog).getByLabelText('SMS method'), 'GET');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));
    expect(await screen.findByText('URLs of +14155550100 saved')).toBeInTheDocument();
    expect(put.sent()).toEqual({
      voiceUrl: 'https://app.example.com/voice',
      voiceMethod: 'GET',
      voiceFallbackUrl: 'https://backup.example.com/voice',
      smsUrl: 'https://app.example.com/sms',
      smsMethod: 'GET',
      statusCallback: '',
    });
  });

  it('says a fallback needs a Voice URL, and shows the server word under its field', async () => {
    server({
      'PUT /api/numbers/5/hooks': refusal(400, 'Please correct the highlighted fields', {
        smsUrl: 'Use an http:// or https:// URL of at most 2048 characters',
      }),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Voice & SMS URLs' });
    await userEvent.type(
      await within(dialog).findByLabelText('Fallback URL'),
      'https://backup.example.com/voice',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));
    expect(
      within(dialog).getByText('Set a Voice URL first: the fallback is asked only when it fails'),
    ).toBeVisible();
    await userEvent.clear(within(dialog).getByLabelText('Fallback URL'));
    await userEvent.type(within(dialog).getByLabelText('SMS URL'), 'https://a.example.com/sms');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save URLs' }));
    expect(
      await within(dialog).findByText('Use an http:// or https:// URL of at most 2048 characters'),
    ).toBeVisible();
  });
});
