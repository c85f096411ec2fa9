import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api';
import { adminAuth, renderWithProviders } from '../../test/render';
import { AdminLayout } from './admin-layout';

function renderShell() {
  return renderWithProviders(<AdminLayout />, {
    route: '/admin',
    path: '/admin/*',
    auth: adminAuth(),
  });
}

describe('Admin shell', () => {
  it('holds an administrator without a second factor at its set-up', async () => {
    mockApi({
      'GET /api/auth/2fa': ok({ enabled: false, required: true, recoveryCodesLeft: 0 }),
    });
    renderShell();
    expect(
      await screen.findByRole('heading', { name: 'Turn on two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });

  it('opens the area once it is on', async () => {
    mockApi({
      'GET /api/auth/2fa': ok({ enabled: true, required: true, recoveryCodesLeft: 10 }),
    });
    renderShell();
    expect(await screen.findByText('Admin Dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Turn on two-factor sign-in' })).toBeNull();
  });
});
