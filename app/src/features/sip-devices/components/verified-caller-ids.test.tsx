import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockServer, ok, refusal } from '../../../test/mock-api';
import { clientAuth, renderWithToasts } from '../../../test/render';
import { VerifiedCallerIds } from './verified-caller-ids';

const path = '/api/sip/verified-caller-ids';
const mobile = { number: '+13125550142', verifiedAt: '2026-11-29T10:00:00Z' };
const server = mockServer({ [`GET ${path}`]: ok({ numbers: [mobile] }) });

function renderList() {
  renderWithToasts(<VerifiedCallerIds />, { route: '/client/sip-devices', auth: clientAuth() });
}

describe('Verified numbers', () => {
  it('lists the verified numbers, and says when there are none', async () => {
    server();
    renderList();
    const list = await screen.findByRole('list', { name: 'Verified numbers' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/^\+13125550142Remove/);
    server({ [`GET ${path}`]: ok({ numbers: [] }) });
    renderList();
    expect(await screen.findByText('No verified numbers yet.')).toBeInTheDocument();
  });

  it('texts a code to the number and verifies it with the code typed back', async () => {
    const sent: unknown[] = [];
    const fetch = server({
      [`GET ${path}`]: ok({ numbers: [] }),
      [`POST ${path}`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return ok({ message: 'We sent a code to +13125550142.' });
      },
      [`POST ${path}/confirm`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return ok({ numbers: [mobile] });
      },
    });
    renderList();
    await userEvent.type(await screen.findByLabelText(/Phone number to verify/), '+13125550142');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +13125550142.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('+13125550142 is verified')).toBeInTheDocument();
    expect(sent).toEqual([{ number: '+13125550142' }, { number: '+13125550142', code: '123456' }]);
    expect(calls(fetch).filter((c) => c === `GET ${path}`).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal of a wrong code on the code field", async () => {
    server({
      [`POST ${path}`]: ok({ message: 'We sent a code to +13125550142.' }),
      [`POST ${path}/confirm`]: refusal(400, 'That code is not right', {
        code: 'That code is not right',
      }),
    });
    renderList();
    await userEvent.type(await screen.findByLabelText(/Phone number to verify/), '+13125550142');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText(/Verification code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right')).toBeInTheDocument();
  });

  it('asks before removing a number, then removes it', async () => {
    const fetch = server({ [`DELETE ${path}/%2B13125550142`]: { status: 204 } });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /Remove \+13125550142/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Your phones can no longer show it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Verified Number' }));
    expect(await screen.findByText('+13125550142 removed')).toBeInTheDocument();
    expect(calls(fetch)).toContain(`DELETE ${path}/%2B13125550142`);
  });

  it('says when the list cannot be loaded', async () => {
    server({ [`GET ${path}`]: refusal(500, 'down') });
    renderList();
    expect(await screen.findByText('Could not load your verified numbers.')).toBeInTheDocument();
  });
});
