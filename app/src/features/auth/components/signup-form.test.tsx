import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fakeAuth, renderWithProviders } from '../../../test/render';
import { SignupPage } from '../pages/signup-page';
import { expectLinkTo } from '../../../test/queries';
import { fill, submitWith } from '../../../test/forms';

async function fillValid() {
  await fill({
    'Full name': 'Ada Lovelace',
    'Email address': 'ada@example.com',
    Password: 'password1',
    'Confirm Password': 'password1',
  });
  await userEvent.click(screen.getByRole('checkbox'));
}

describe('Signup page', () => {
  it("shows core's messages, including terms and mismatch", async () => {
    const auth = fakeAuth();
    renderWithProviders(<SignupPage />, { route: '/signup', auth });
    await submitWith('Create account', { Password: 'password1', 'Confirm Password': 'password2' });
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(
      screen.getByText('You must accept the Terms of Service and Privacy Policy'),
    ).toBeInTheDocument();
    expect(auth.signup).not.toHaveBeenCalled();
    expectLinkTo('Terms of Service', '/terms');
    expectLinkTo('Privacy Policy', '/privacy');
    expectLinkTo('Sign in', '/login');
  });

  it('shows the banner and the server field errors on a 409', async () => {
    const signup = vi
      .fn()
      .mockRejectedValue(
        new ApiError(409, 'Conflict', { email: 'An account with this email already exists' }),
      );
    renderWithProviders(<SignupPage />, { route: '/signup', auth: fakeAuth({ signup }) });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(signup).toHaveBeenCalledWith('Ada Lovelace', 'ada@example.com', 'password1'),
    );
    expect(await screen.findByText('Failed to create account. Please try again.')).toBeVisible();
    expect(screen.getByText('An account with this email already exists')).toBeVisible();
  });

  it('an empty submit focuses the first invalid field on screen, Full name', async () => {
    renderWithProviders(<SignupPage />, { route: '/signup', auth: fakeAuth() });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
  });
});
