import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, ok, refusal } from '../../../test/mock-api';
import { failsUntilRetry } from '../../../test/retry';
import {
  choose,
  clean,
  csv,
  deck,
  historyTable,
  preview,
  renderPage,
  server,
} from '../../../test/rate-deck-fixtures';
import { findRow, expectShows } from '../../../test/queries';
import { retype } from '../../../test/forms';

describe('Rate decks page', () => {
  it('lists every deck with its status, prefixes and dates', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Rate Decks', level: 1 })).toBeInTheDocument();
    const row = await findRow('Carrier A November');
    expect(within(row).getByText('In force')).toHaveClass('bg-green-100');
    expectShows(row, ['12,000', 'Nov 1, 2026']);
    expect(within(row).getByText(/Uploaded Nov 20, 2026 by admin@dialtone.test/)).toBeVisible();
    const draftRow = within(historyTable())
      .getByRole('rowheader', { name: /^Carrier B/ })
      .closest('tr')!;
    expectShows(draftRow, ['Draft', 'Dec 1, 2099']);
    expect(within(draftRow).getByRole('button', { name: 'Preview Carrier B' })).toBeVisible();
    expect(within(row).queryByRole('button', { name: /Preview/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByText('Carrier A October').closest('tr')).toHaveTextContent('Superseded');
  });

  it('says when there is no deck yet, and offers Retry when the list cannot load', async () => {
    const decks = failsUntilRetry(500, 'Something went wrong', ok({ items: [] }));
    server({ 'GET /api/admin/rate-decks': decks.route });
    renderPage();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await decks.retry();
    expect(
      await screen.findByText(
        'No rate decks yet. Calls are rated with Country Pricing until one is applied.',
      ),
    ).toBeInTheDocument();
  });

  it('shows every error of a file by line and does not upload it', async () => {
    const fetch = server();
    renderPage();
    await choose(
      csv([
        '44,United Kingdom,UK,landline,0.02,0.06,0.04,1,1,2026-12-01',
        '44,Again,UK,landline,0.02,0.06,0.04,1,1,2026-12-01',
        '33,France,XX,landline,0.02,abc,0.04,1,1,2026-12-01',
        '49,Germany,DE,landline,0.02,0.06,0.04,0,1,2026-12-01',
      ]),
    );
    expect(await screen.findByText('The deck has 4 errors')).toBeInTheDocument();
    const errors = screen.getByRole('table', { name: 'Errors by line' });
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'prefix', 'Prefix 44 is already on line 2'],
      ['4', 'country', 'Country XX is not on the Country Pricing list'],
      ['4', 'outbound', 'Outbound rate must be a number'],
      ['5', 'first_increment', 'First increment must be a whole number of seconds from 1 to 3600'],
    ]);
    const upload = screen.getByRole('button', { name: 'Upload deck' });
    expect(upload).toBeDisabled();
    await userEvent.click(upload);
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('lists the first 50 errors of a long file with the total', async () => {
    server();
    renderPage();
    const bad = Array.from(
      { length: 60 },
      (_, i) => `${100 + i},Zone,ZZ,landline,0,0,0,1,1,2026-12-01`,
    );
    await choose(csv(bad));
    expect(await screen.findByText('The deck has 60 errors')).toBeInTheDocument();
    expect(screen.getByText('Showing the first 50 of 60 errors.')).toBeInTheDocument();
    const errors = screen.getByRole('table', { name: 'Errors by line' });
    expect(within(errors).getAllByRole('row')).toHaveLength(51);
  });

  it('uploads a clean file as the request body and opens the draft’s preview', async () => {
    const created = deck({ id: 7, name: 'Carrier B', effectiveFrom: '2026-12-01' });
    const fetch = server({
      'POST /api/admin/rate-decks?name=Carrier+B': { status: 201, body: { item: created } },
      'GET /api/admin/rate-decks/7/preview?threshold=10': ok({
        ...preview,
        deck: created,
        against: null,
      }),
    });
    renderPage();
    await choose(clean);
    expect(
      await screen.findByText(/is ready to upload: 2 prefixes, effective from Dec 1, 2026\./),
    ).toHaveTextContent('deck.csv is ready to upload');
    const name = screen.getByLabelText('Deck name');
    expect(name).toHaveValue('deck');
    await retype(name, 'Carrier B');
    await userEvent.click(screen.getByRole('button', { name: 'Upload deck' }));
    expect(await screen.findByText('Carrier B uploaded as a draft')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/admin/rate-decks?name=Carrier+B');
    // The file itself is the body, not its text inside JSON.
    expect(post?.[1]?.body).toBe(clean);
    expect((post?.[1]?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    const heading = await screen.findByRole('heading', { name: 'Preview: Carrier B' });
    expect(heading).toHaveFocus();
    expect(
      await screen.findByText(
        /No deck is in force yet, so every prefix counts as added and is compared with its country's rate\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Deck name')).toHaveValue('');
  });

  it('shows the server’s refusal by line, and its message for the name', async () => {
    server({
      'POST /api/admin/rate-decks?name=deck': {
        status: 400,
        body: {
          message: 'The deck has 1 error',
          errors: {},
          lines: [
            { line: 2, field: 'country', message: 'Country UK is not on the Country Pricing list' },
          ],
          total: 1,
        },
      },
      'POST /api/admin/rate-decks?name=': refusal(400, 'Give the deck a name', {
        name: 'Give the deck a name',
      }),
    });
    renderPage();
    await choose(clean);
    const upload = screen.getByRole('button', { name: 'Upload deck' });
    await waitFor(() => expect(upload).toBeEnabled());
    await userEvent.click(upload);
    expect(await screen.findByText('The deck has 1 error')).toBeInTheDocument();
    const errors = screen.getByRole('table', { name: 'Errors by line' });
    expect(within(errors).getByRole('row', { name: /2 country Country UK is not/ })).toBeVisible();
    expect(upload).toBeDisabled();

    await choose(clean);
    await waitFor(() => expect(upload).toBeEnabled());
    await userEvent.clear(screen.getByLabelText('Deck name'));
    await userEvent.click(upload);
    expect(await screen.findByText('Give the deck a name')).toBeInTheDocument();
    expect(screen.getByLabelText('Deck name')).toHaveAttribute('aria-invalid', 'true');
  });
});
