import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fakeAuth, renderWithProviders } from '../../../test/render';
import { LoginPage } from '../pages/login-page';
import { expectLinkTo } from '../../../test/queries';
import { fill, submitWith } from '../../../test/forms';

describe('Login page', () => {
  it("shows core's messages on submit and blocks the call", async () => {
    const auth = fakeAuth();
    renderWithProviders(<LoginPage />, { route: '/login', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('validates a field after it loses focus, as the user types', async () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    const email = screen.getByLabelText('Email address');
    await userEvent.type(email, 'ada@');
    expect(screen.queryByText('Invalid email address')).toBeNull();
    fireEvent.blur(email);
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await userEvent.type(email, 'example.com');
    expect(screen.queryByText('Invalid email address')).toBeNull();
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, '12345');
    fireEvent.blur(password);
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('signs in with the remember choice and shows the banner on failure', async () => {
    const login = vi.fn().mockRejectedValue(new ApiError(401, 'Invalid credentials'));
    renderWithProviders(<LoginPage />, { route: '/login', auth: fakeAuth({ login }) });
    await fill({ 'Email address': 'client@dialtone.test', Password: 'wrong-password' });
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith('client@dialtone.test', 'wrong-password', true),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to login. Please check your credentials.',
    );
  });

  it("shows the server's message for a 429", async () => {
    const login = vi.fn().mockRejectedValue(new ApiError(429, 'Too many attempts. Try later.'));
    renderWithProviders(<LoginPage />, { route: '/login', auth: fakeAuth({ login }) });
    await submitWith('Sign in', { 'Email address': 'client@dialtone.test', Password: 'client123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try later.');
  });

  it('lists the demo accounts and links', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByText(/admin@dialtone\.test \/ admin123/)).toBeInTheDocument();
    expect(screen.getByText(/client@dialtone\.test \/ client123/)).toBeInTheDocument();
    expectLinkTo('Forgot password?', '/forgot-password');
    expectLinkTo('create a new account', '/signup');
  });

  it('asks an account with two-factor sign-in for its code, checked by core first', async () => {
    const step = { challenge: 'sealed', remember: false };
    const login = vi.fn().mockResolvedValue(step);
    const completeLogin = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, 'Invalid', {
          code: 'This code is not right. Use the newest code from your app, or an unused recovery code.',
        }),
      )
      .mockResolvedValue({ id: 1 });
    renderWithProviders(<LoginPage />, {
      route: '/login',
      auth: fakeAuth({ login, completeLogin }),
    });
    await fill({ 'Email address': 'ada@example.com', Password: 'password1' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Authentication code');
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
      ),
    ).toBeInTheDocument();
    expect(completeLogin).not.toHaveBeenCalled();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/This code is not right/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(completeLogin).toHaveBeenCalledTimes(2));
    expect(completeLogin).toHaveBeenLastCalledWith(step, '123 456');
  });
});
