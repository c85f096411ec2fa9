import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, type Reply } from '../../../test/mock-api';
import { plansBody } from '../../../test/plan-fixtures';
import { renderWithProviders } from '../../../test/render';
import { FeaturesPage } from './features-page';

function cells(table: HTMLElement, feature: string): (string | null)[] {
  const row = within(table).getByRole('rowheader', { name: feature }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('Features page', () => {
  it("compares the catalogue's plans, its columns and figures from the API", async () => {
    mockApi({ 'GET /api/catalogue/plans': ok(plansBody()) });
    renderWithProviders(<FeaturesPage />, { route: '/features' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Feature', 'Basic', 'Professional', 'Enterprise']);
    expect(cells(table, 'Monthly price')).toEqual(['$9.00', '$29.00', '$99.00']);
    expect(cells(table, 'Outbound minutes')).toEqual(['500', '2,000', '10,000']);
    expect(cells(table, 'Virtual numbers included')).toEqual(['1', '3', '10']);
    expect(cells(table, 'IVR')).toEqual(['Basic IVR', 'Advanced IVR', 'Premium IVR']);
    expect(cells(table, 'IVR flows included')).toEqual(['—Not included', '1', '3']);
    expect(cells(table, 'Support')).toEqual([
      'Email support',
      'Priority support',
      'Priority support',
    ]);
    expect(cells(table, 'API access')).toEqual(['Yes', 'Yes', 'Yes']);
    expect(within(table).queryByText(/account manager|analytics|chat|24\/7/i)).toBeNull();
  });

  it('claims no round-the-clock support, chat or account manager', async () => {
    mockApi({ 'GET /api/catalogue/plans': ok(plansBody()) });
    renderWithProviders(<FeaturesPage />, { route: '/features' });
    await screen.findByRole('table');
    expect(document.body).not.toHaveTextContent(/24\/7|chat|dedicated|account manager/i);
    expect(screen.getByText(/Mon-Fri 9:00 AM-8:00 PM EST/)).toBeInTheDocument();
  });

  it('shows the plans loading, then an empty catalogue', async () => {
    let answer: (value: Reply) => void = () => {};
    mockApi({ 'GET /api/catalogue/plans': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<FeaturesPage />, { route: '/features' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading plans...');
    answer(ok(plansBody([])));
    expect(await screen.findByText('No plans are on sale right now.')).toBeInTheDocument();
  });
});
