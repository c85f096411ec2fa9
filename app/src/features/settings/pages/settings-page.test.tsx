import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calls, mockApi, ok, refusal } from '../../../test/mock-api';
import { clientUser, fakeAuth, renderWithProviders } from '../../../test/render';
import { SettingsPage } from './settings-page';
import { retype, submitWith } from '../../../test/forms';

// The page also reads the two-factor state: only its writes are counted here.
const writes = (fetch: ReturnType<typeof mockApi>) =>
  calls(fetch).filter((c) => !c.startsWith('GET '));
const puts = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter((c) => c[1]?.method === 'PUT');

const user = { ...clientUser, firstName: 'Casey', lastName: 'Clientson', smsNotifications: true };

describe('Settings page', () => {
  it('validates the profile through core and saves it', async () => {
    const saved = { ...user, firstName: 'Cassandra' };
    const fetch = mockApi({ 'PUT /api/user/profile': ok({ user: saved }) });
    const auth = fakeAuth({ user, setUser: vi.fn() });
    renderWithProviders(<SettingsPage />, { route: '/client/settings', auth });
    const first = screen.getByLabelText('First name');
    expect(first).toHaveValue('Casey');
    await retype(first, 'Cas');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name must be at least 4 characters')).toBeVisible();
    expect(writes(fetch)).toEqual([]);
    await userEvent.type(first, 'sandra');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(auth.setUser).toHaveBeenCalledWith(saved));
    expect(JSON.parse(String(puts(fetch)[0][1]?.body))).toEqual({
      firstName: 'Cassandra',
      lastName: 'Clientson',
      email: 'client@dialtone.test',
      emailNotifications: true,
      smsNotifications: true,
    });
  });

  it('resets the profile form on Cancel', async () => {
    renderWithProviders(<SettingsPage />, { auth: fakeAuth({ user }) });
    const last = screen.getByLabelText('Last name');
    await retype(last, 'Other');
    await userEvent.click(screen.getByLabelText('SMS notifications'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0]);
    expect(last).toHaveValue('Clientson');
    expect(screen.getByLabelText('SMS notifications')).toBeChecked();
  });

  it("shows the server's field error for a wrong current password", async () => {
    mockApi({
      'PUT /api/user/password': refusal(400, 'Invalid input', {
        currentPassword: 'Current password is incorrect',
      }),
    });
    renderWithProviders(<SettingsPage />, { auth: fakeAuth({ user }) });
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeVisible();
    await submitWith('Change password', {
      'Current password': 'wrong-one',
      'New password': 'new-secret',
      'Confirm new password': 'new-secret',
    });
    expect(await screen.findByText('Current password is incorrect')).toBeVisible();
  });
  it('asks for the current password when the email changes and sends it', async () => {
    const saved = { ...user, email: 'casey@example.com' };
    const fetch = mockApi({
      'PUT /api/user/profile': (init) =>
        JSON.parse(String(init.body)).currentPassword === 'secret-1'
          ? ok({ user: saved })
          : refusal(400, 'Current password is incorrect', {
              currentPassword: 'Current password is incorrect',
            }),
    });
    renderWithProviders(<SettingsPage />, { auth: fakeAuth({ user, setUser: vi.fn() }) });
    const profile = screen.getByRole('form', { name: 'Profile' });
    expect(within(profile).queryByLabelText('Current password')).toBeNull();
    const email = within(profile).getByLabelText('Email address');
    await retype(email, 'casey@example.com');
    const current = within(profile).getByLabelText('Current password');
    await userEvent.type(current, 'wrong-one');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save changes' }));
    expect(await within(profile).findByText('Current password is incorrect')).toBeVisible();
    await retype(current, 'secret-1');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(fetch)).toHaveLength(2));
    expect(JSON.parse(String(puts(fetch)[1][1]?.body))).toMatchObject({
      email: 'casey@example.com',
      currentPassword: 'secret-1',
    });
  });

  it('logs out everywhere', async () => {
    const fetch = mockApi({ 'POST /api/auth/logout-all': { status: 204 } });
    const auth = fakeAuth({ user });
    renderWithProviders(<SettingsPage />, { auth });
    await userEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    expect(writes(fetch)).toEqual(['POST /api/auth/logout-all']);
  });

  it('revokes API keys and SIP devices too, after a confirmation', async () => {
    const fetch = mockApi({ 'POST /api/auth/logout-all?revokeCredentials=true': { status: 204 } });
    const auth = fakeAuth({ user });
    renderWithProviders(<SettingsPage />, { auth });
    await userEvent.click(screen.getByLabelText('Also revoke API keys and SIP devices'));
    await userEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Log out everywhere and revoke credentials',
    });
    expect(writes(fetch)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out and revoke' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    expect(writes(fetch)).toEqual(['POST /api/auth/logout-all?revokeCredentials=true']);
  });

  it('closes the account after the password and a confirmation, then signs out', async () => {
    const fetch = mockApi({
      'POST /api/user/close': (init) =>
        JSON.parse(String(init.body)).password === 'right'
          ? ok({ message: 'Your account is closed.' })
          : refusal(400, 'Invalid input', { password: 'Current password is incorrect' }),
    });
    const auth = fakeAuth({ user, logout: vi.fn() });
    renderWithProviders(<SettingsPage />, { auth });
    const form = screen.getByRole('form', { name: 'Close account' });
    const password = within(form).getByLabelText('Your password');
    await userEvent.type(password, 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Close account' }));
    const dialog = screen.getByRole('dialog', { name: 'Close Account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Account' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeVisible();
    await retype(password, 'right');
    await userEvent.click(within(form).getByRole('button', { name: 'Close account' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Close Account' })).getByRole('button', {
        name: 'Close Account',
      }),
    );
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    expect(writes(fetch)).toEqual(['POST /api/user/close', 'POST /api/user/close']);
  });
});
