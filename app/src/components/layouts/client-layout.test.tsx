import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientAuth, renderWithProviders } from '../../test/render';
import { ClientLayout } from './client-layout';

function renderShell() {
  return renderWithProviders(<ClientLayout />, {
    route: '/client',
    path: '/client/*',
    auth: clientAuth(),
  });
}

describe('Client shell', () => {
  it('groups the sidebar links and shows who is signed in', () => {
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Client area' });
    for (const group of ['Overview', 'Services', 'Account']) {
      expect(within(nav).getByRole('heading', { name: group })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Buy Number' })).toHaveAttribute(
      'href',
      '/client/buy-number',
    );
    expect(within(nav).getByRole('link', { name: 'Add Funds' })).toHaveAttribute(
      'href',
      '/client/deposit',
    );
    expect(screen.getByText('Casey Client')).toBeInTheDocument();
    expect(screen.getByText('client@dialtone.test')).toBeInTheDocument();
  });

  it('opens on mobile and closes on the overlay or a link', () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByTestId('sidebar-overlay'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: 'Send SMS' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/client/send-sms');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
  });

  it('logs out from the sidebar', () => {
    const { auth } = renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalled();
  });

  it('moves focus into the open sidebar; Escape closes it and focuses the toggle', () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    fireEvent.click(toggle);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
    expect(toggle).toHaveFocus();
  });
});
