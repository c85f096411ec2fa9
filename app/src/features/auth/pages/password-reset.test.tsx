import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, refusal } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { expectLinkTo } from '../../../test/queries';
import { submitWith } from '../../../test/forms';

const SENT = 'If an account exists for that email, we have sent a link to reset your password.';

describe('Password reset', () => {
  it('always answers the same to a reset request', async () => {
    const fetch = mockApi({ 'POST /api/auth/forgot-password': { status: 404, body: {} } });
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await submitWith('Send reset link', { 'Email address': 'nobody@example.com' });
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      email: 'nobody@example.com',
    });
  });

  it('sets a new password with the token and goes to /login', async () => {
    const fetch = mockApi({ 'POST /api/auth/reset-password': { status: 204 } });
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc123' });
    await submitWith('Reset password', { 'New password': 'short' });
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await submitWith('Reset password', {
      'New password': '-but-longer',
      'Confirm Password': 'short-but-longer',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      token: 'abc123',
      password: 'short-but-longer',
    });
  });

  it("shows the server's message for an expired token", async () => {
    mockApi({
      'POST /api/auth/reset-password': refusal(400, 'This reset link has expired.'),
    });
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=old' });
    await submitWith('Reset password', {
      'New password': 'new-secret',
      'Confirm Password': 'new-secret',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired.');
  });

  it('explains a link without a token', () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('invalid or incomplete');
    expectLinkTo('Request a new reset link', '/forgot-password');
  });
});
