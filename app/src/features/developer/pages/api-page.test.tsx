import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, ok, refusal } from '../../../test/mock-api';
import { clientAuth, pageTest } from '../../../test/render';
import type { ApiKey } from '../api/get-api-keys';
import { ApiPage } from './api-page';
import { answerDialog, bodyOf } from '../../../test/queries';
import { retype } from '../../../test/forms';
import { stubClipboard } from '../../../test/clipboard';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = '0123456789abcdef0123456789ab9f3e';

const account = {
  accountSid: ACCOUNT_SID,
  authTokenHint: '9f3e',
  previousTokenValidUntil: null,
};

const ciKey = {
  sid: 'SK11111111111111111111111111111111',
  name: 'CI pipeline',
  createdAt: '2026-11-20T10:00:00Z',
  lastUsedAt: '2026-11-24T08:30:00Z',
};
const crmKey: ApiKey = {
  sid: 'SK22222222222222222222222222222222',
  name: 'CRM',
  createdAt: '2026-11-21T10:00:00Z',
  lastUsedAt: null,
};

const delivered = {
  id: 7,
  event: 'message.status',
  url: 'https://example.com/hooks/sms',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2026-11-24T09:00:00Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-24T09:00:01Z',
};
const failing = {
  ...delivered,
  id: 8,
  event: 'message.inbound',
  url: 'https://example.com/hooks/inbound',
  status: 'failed',
  attempts: 3,
  lastStatusCode: 500,
  lastError: 'HTTP 500 Internal Server Error',
  deliveredAt: null,
};

const recordingSettings = {
  retentionDays: 0,
  retentionChoices: [0, 7, 30, 90, 365],
  ratePerMinute: 0.0025,
};

const show = pageTest(
  <ApiPage />,
  { route: '/client/api', auth: clientAuth(), toasts: true },
  {
    'GET /api/developer': ok(account),
    'GET /api/developer/keys': ok({ keys: [ciKey, crmKey] }),
    'GET /api/developer/webhooks': ok({ deliveries: [delivered, failing] }),
    'GET /api/recordings/settings': ok(recordingSettings),
  },
);

describe('API page', () => {
  it('shows the Account SID to copy and the auth token masked but for its last 4', async () => {
    show();
    expect(await screen.findByTestId('account-sid')).toHaveTextContent(ACCOUNT_SID);
    const token = screen.getByTestId('auth-token');
    expect(token).toHaveTextContent(/^•+Hidden, ending in 9f3e$/);
    const writeText = stubClipboard();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Account SID' }));
    expect(writeText).toHaveBeenCalledWith(ACCOUNT_SID);
    expect(await screen.findByText('Account SID copied')).toBeInTheDocument();
  });

  it('reveals the auth token once the password is right', async () => {
    const { fetch } = show({
      'POST /api/developer/auth-token/reveal': (init) =>
        JSON.parse(String(init.body)).password === 'client123'
          ? ok({ authToken: TOKEN })
          : refusal(400, 'Current password is incorrect', {
              password: 'Current password is incorrect',
            }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal Auth Token' }));
    const dialog = screen.getByRole('dialog', { name: 'Reveal Auth Token' });
    const password = within(dialog).getByLabelText('Account password');
    expect(password).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(within(dialog).getByText('Current password is required')).toBeInTheDocument();
    expect(calls(fetch)).not.toContain('POST /api/developer/auth-token/reveal');

    await userEvent.type(password, 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await retype(password, 'client123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(screen.getByTestId('auth-token')).toHaveTextContent(TOKEN));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Auth Token' }));
    expect(screen.getByTestId('auth-token')).not.toHaveTextContent(TOKEN);
  });

  it('rotates the auth token, saying the old one works for 24 hours, and shows the new one', async () => {
    const rotated = 'fedcba9876543210fedcba9876541a2b';
    let rotations = 0;
    const { fetch } = show({
      'GET /api/developer': () =>
        ok(
          rotations === 0
            ? account
            : {
                ...account,
                authTokenHint: '1a2b',
                previousTokenValidUntil: '2026-11-26T09:00:00Z',
              },
        ),
      'POST /api/developer/auth-token/rotate': () => {
        rotations += 1;
        return ok({ authToken: rotated, previousTokenValidUntil: '2026-11-26T09:00:00Z' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate Auth Token' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate Auth Token' });
    expect(dialog).toHaveTextContent('keeps working for 24 hours');
    await userEvent.type(within(dialog).getByLabelText('Account password'), 'client123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate token' }));
    const done = await screen.findByRole('dialog', { name: 'New Auth Token' });
    expect(within(done).getByTestId('rotated-auth-token')).toHaveTextContent(rotated);
    expect(done).toHaveTextContent('The previous token keeps working until');
    expect(await screen.findByText('Auth token rotated')).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).endsWith('/rotate'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ password: 'client123' });
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('auth-token')).toHaveTextContent(rotated);
    expect(
      await screen.findByText(/The previous auth token still works until/),
    ).toBeInTheDocument();
  });

  it('ends the previous auth token at once after the password', async () => {
    let ended = false;
    const { fetch } = show({
      'GET /api/developer': () =>
        ok({ ...account, previousTokenValidUntil: ended ? null : '2026-11-26T09:00:00Z' }),
      'POST /api/developer/auth-token/end-previous': () => {
        ended = true;
        return { status: 204 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'End it now' }));
    const dialog = screen.getByRole('dialog', { name: 'End Previous Auth Token' });
    expect(dialog).toHaveTextContent('refused from now on');
    await userEvent.type(within(dialog).getByLabelText('Account password'), 'client123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End it now' }));
    expect(await screen.findByText('The previous auth token no longer works')).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).endsWith('/end-previous'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ password: 'client123' });
    await waitFor(() =>
      expect(screen.queryByText(/The previous auth token still works until/)).toBeNull(),
    );
  });

  it('lists the keys with their last use or Never', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const ci = within(table).getByRole('rowheader', { name: 'CI pipeline' }).closest('tr')!;
    expect(ci).toHaveTextContent(ciKey.sid);
    expect(ci).not.toHaveTextContent('Never');
    const crm = within(table).getByRole('rowheader', { name: 'CRM' }).closest('tr')!;
    expect(crm).toHaveTextContent('Never');
  });

  it('says when there is no key and no delivery yet', async () => {
    show({
      'GET /api/developer/keys': ok({ keys: [] }),
      'GET /api/developer/webhooks': ok({ deliveries: [] }),
    });
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
    expect(await screen.findByText('No webhook deliveries yet.')).toBeInTheDocument();
  });

  it('creates a key through core’s name rule and shows its secret once', async () => {
    const created = {
      sid: 'SK33333333333333333333333333333333',
      name: 'Billing',
      secret: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
      createdAt: '2026-11-25T09:00:00Z',
    };
    let keys: ApiKey[] = [ciKey];
    const { fetch } = show({
      'GET /api/developer/keys': () => ok({ keys }),
      'POST /api/developer/keys': (init) => {
        expect(JSON.parse(String(init.body))).toEqual({ name: 'Billing', password: 'client123' });
        keys = [{ ...created, lastUsedAt: null }, ciKey];
        return { status: 201, body: created };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API Key' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Give the key a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter your account password')).toBeInTheDocument();
    await userEvent.type(name, 'x'.repeat(65));
    expect(within(dialog).getByText('A key name has at most 64 characters')).toBeInTheDocument();
    expect(calls(fetch)).not.toContain('POST /api/developer/keys');

    await retype(name, '  Billing ');
    await userEvent.type(within(dialog).getByLabelText('Account password'), 'client123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'API key "Billing" created' });
    expect(within(shown).getByTestId('new-key-secret')).toHaveTextContent(created.secret);
    expect(shown).toHaveTextContent('it will not be shown again');
    const writeText = stubClipboard();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy Secret' }));
    expect(writeText).toHaveBeenCalledWith(created.secret);

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const table = screen.getByRole('table', { name: 'API keys' });
    expect(await within(table).findByRole('rowheader', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.queryByText(created.secret)).toBeNull();
  });

  it('revokes a key after a confirmation', async () => {
    let keys = [ciKey, crmKey];
    const { fetch } = show({
      'GET /api/developer/keys': () => ok({ keys }),
      [`DELETE /api/developer/keys/${crmKey.sid}`]: () => {
        keys = [ciKey];
        return { status: 204 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke CRM' }));
    await answerDialog('Revoke API Key', crmKey.sid, 'Revoke key');
    expect(await screen.findByText('CRM revoked')).toBeInTheDocument();
    expect(calls(fetch)).toContain(`DELETE /api/developer/keys/${crmKey.sid}`);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'CRM' })).toBeNull());
  });

  it('lists webhook deliveries and resends one', async () => {
    const { fetch } = show({
      'POST /api/developer/webhooks/8/resend': {
        status: 202,
        body: { delivery: { ...failing, status: 'pending' } },
      },
    });
    const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
    const row = within(table).getByRole('rowheader', { name: 'message.inbound' }).closest('tr')!;
    expect(row).toHaveTextContent('https://example.com/hooks/inbound');
    expect(within(row).getByText('failed')).toHaveClass('bg-red-100');
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent('HTTP 500 Internal Server Error');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Resend message.inbound delivery' }),
    );
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/developer/webhooks/8/resend');
  });

  it('documents the API with this server and the account filled in', async () => {
    show();
    await screen.findByTestId('account-sid');
    const origin = window.location.origin;
    const example = () => screen.getByRole('tabpanel');
    await waitFor(() =>
      expect(example()).toHaveTextContent(
        `${origin}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
      ),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Python' }));
    expect(example()).toHaveTextContent('class DialtoneHttpClient(TwilioHttpClient)');
    expect(example()).toHaveTextContent(`ACCOUNT_SID = "${ACCOUNT_SID}"`);
    // Arrow keys move between the languages.
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Node.js' })).toHaveFocus();
    expect(example()).toHaveTextContent('httpClient: new DialtoneRequestClient()');
  });

  it('says what a recording costs and saves how long recordings are kept', async () => {
    const { fetch } = show({
      'PUT /api/recordings/settings': (init) =>
        ok({ ...recordingSettings, ...JSON.parse(String(init.body)) }),
    });
    const form = await screen.findByRole('form', { name: 'Recordings' });
    expect(
      within(form).getByText(/Each recording costs \$0\.0025 per started minute/),
    ).toBeInTheDocument();
    const keep = within(form).getByLabelText('Keep recordings for');
    expect(keep).toHaveValue('0');
    expect(
      within(keep)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Until I delete them', '7 days', '30 days', '90 days', '1 year']);
    await userEvent.selectOptions(keep, '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Recording retention saved')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/recordings/settings')).toEqual({ retentionDays: 30 });
  });
});
