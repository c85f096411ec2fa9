import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NotFoundPage } from './not-found-page';
import { expectLinkTo } from '../../../test/queries';

describe('NotFoundPage', () => {
  it('shows the 404 with links home and to support', () => {
    renderWithProviders(<NotFoundPage />, { route: '/no-such-page' });
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page you are looking for doesn't exist or has been moved."),
    ).toBeInTheDocument();
    expectLinkTo('Go back home', '/');
    expectLinkTo('Contact Support', '/contact');
    expect(document.title).toBe('Page Not Found | Dialtone');
  });
});
