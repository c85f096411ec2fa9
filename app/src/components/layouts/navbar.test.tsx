import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminAuth, clientAuth, renderWithProviders } from '../../test/render';
import { Navbar } from './navbar';
import { expectLinkTo } from '../../test/queries';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Navbar', () => {
  afterEach(() => scrollTo(0));

  it('is transparent on / until the page scrolls past 20 px', () => {
    renderWithProviders(<Navbar />, { route: '/' });
    const bar = screen.getByTestId('navbar');
    expect(bar).toHaveAttribute('data-transparent', 'true');
    scrollTo(20);
    expect(bar).toHaveAttribute('data-transparent', 'true');
    scrollTo(21);
    expect(bar).toHaveAttribute('data-transparent', 'false');
    scrollTo(0);
    expect(bar).toHaveAttribute('data-transparent', 'true');
  });

  it('is white on every other page', () => {
    renderWithProviders(<Navbar />, { route: '/pricing' });
    expect(screen.getByTestId('navbar')).toHaveAttribute('data-transparent', 'false');
  });

  it('shows Login and Sign Up when signed out', () => {
    renderWithProviders(<Navbar />, { route: '/products' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Products', 'Features', 'Pricing', 'About', 'Contact']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('links the dashboard by role', () => {
    const { unmount } = renderWithProviders(<Navbar />, {
      auth: adminAuth(),
    });
    expectLinkTo('Dashboard', '/admin');
    unmount();
    renderWithProviders(<Navbar />, { auth: clientAuth() });
    expectLinkTo('Dashboard', '/client');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens the mobile menu and closes it on a route change', () => {
    renderWithProviders(<Navbar />, { route: '/about' });
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('mobile-menu')!;
    fireEvent.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('closes the mobile menu on Escape and gives focus back to the toggle', () => {
    renderWithProviders(<Navbar />, { route: '/about' });
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    fireEvent.click(toggle);
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
