import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calls, ok, refusal } from '../../../test/mock-api';
import { HEADER, deck, draft, preview, renderPage, server } from '../../../test/rate-deck-fixtures';
import { answerDialog } from '../../../test/queries';
import { retype } from '../../../test/forms';

describe('Rate decks page: a draft', () => {
  it('previews a draft: the counts, flagged rows first and marked, and a threshold', async () => {
    const fetch = server({
      'GET /api/admin/rate-decks/7/preview?threshold=50': ok({
        ...preview,
        thresholdPercent: '50',
        diff: {
          ...preview.diff,
          flagged: 0,
          changes: preview.diff.changes.map((c) => ({
            ...c,
            flagged: false,
            moves: c.moves.map((m) => ({ ...m, flagged: false })),
          })),
        },
      }),
      'GET /api/admin/rate-decks/7/preview?threshold=x': refusal(400, 'Invalid', {
        threshold: 'Threshold must be a percentage, e.g. 10',
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Carrier B' }));
    const panel = screen.getByRole('region', { name: 'Preview: Carrier B' });
    expect(await within(panel).findByTestId('count-added')).toHaveTextContent('1');
    expect(within(panel).getByTestId('count-changed')).toHaveTextContent('2');
    expect(within(panel).getByTestId('count-removed')).toHaveTextContent('1');
    expect(within(panel).getByTestId('count-unchanged')).toHaveTextContent('5');
    expect(within(panel).getByTestId('count-flagged')).toHaveTextContent('1');
    expect(within(panel).getByText('Flagged (over 10%)')).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      "Compared with Carrier A November, the deck in force now; a prefix it lacks, with its country's rate.",
    );

    const table = within(panel).getByRole('table', { name: 'Changes against the deck in force' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      '447',
      '4420',
      '49',
      '44',
    ]);
    expect(within(rows[0]).getByText('Flagged')).toHaveClass('bg-red-100');
    expect(rows[0]).toHaveTextContent('Outbound $0.300/min → $0.450/min +50%');
    expect(rows[0].querySelector('th')).toHaveClass('bg-yellow-50');
    expect(within(rows[2]).queryByText('Flagged')).toBeNull();
    expect(rows[2]).toHaveTextContent('SMS $0.065/msg → $0.066/msg +1.5%');
    expect(within(rows[1]).getByText('Added')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Removed')).toBeInTheDocument();

    const threshold = within(panel).getByLabelText('Flag rates moving by more than (%)');
    expect(threshold).toHaveValue('10');
    await retype(threshold, '50');
    expect(await within(panel).findByText('Flagged (over 50%)')).toBeInTheDocument();
    expect(within(table).queryByText('Flagged')).toBeNull();
    expect(calls(fetch)).toContain('GET /api/admin/rate-decks/7/preview?threshold=50');

    await retype(threshold, 'x');
    expect(
      await within(panel).findByText('Threshold must be a percentage, e.g. 10'),
    ).toBeInTheDocument();
  });

  it('applies a draft only after a confirmation that says when it takes effect', async () => {
    const fetch = server({
      'POST /api/admin/rate-decks/7/apply': ok({
        item: { ...draft, status: 'scheduled', inForceFrom: '2099-12-01T00:00:00Z' },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Carrier B' }));
    const panel = screen.getByRole('region', { name: 'Preview: Carrier B' });
    await within(panel).findByTestId('count-added');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply deck' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply Rate Deck' });
    expect(dialog).toHaveTextContent('Apply Carrier B (2 prefixes)?');
    expect(dialog).toHaveTextContent(
      'It takes effect on Dec 1, 2099 at 00:00 UTC: calls that start before then keep the current rates.',
    );
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Apply deck' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Apply Rate Deck' })).getByRole('button', {
        name: 'Apply deck',
      }),
    );
    expect(await screen.findByText('Carrier B is scheduled for Dec 1, 2099')).toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/admin/rate-decks/7/apply');
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Preview/ })).toBeNull());
  });

  it('says a deck whose date has come takes effect at once', async () => {
    const due = deck({ id: 8, name: 'Carrier C', effectiveFrom: '2026-01-01' });
    server({
      'GET /api/admin/rate-decks': ok({ items: [due] }),
      'GET /api/admin/rate-decks/8/preview?threshold=10': ok({ ...preview, deck: due }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Carrier C' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apply deck' }));
    expect(screen.getByRole('dialog', { name: 'Apply Rate Deck' })).toHaveTextContent(
      'It takes effect at once: calls that start from now on are rated with it.',
    );
  });

  it('deletes a draft after a confirmation', async () => {
    const fetch = server({ 'DELETE /api/admin/rate-decks/7': { status: 204 } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Carrier B' }));
    await answerDialog('Delete Draft', 'Delete the draft Carrier B?', 'Delete');
    expect(await screen.findByText('Carrier B deleted')).toBeInTheDocument();
    expect(calls(fetch)).toContain('DELETE /api/admin/rate-decks/7');
  });

  it('exports a deck as CSV through a blob fetched with the session', async () => {
    // jsdom has no object URLs.
    const createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}`);
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetch = server({
      'GET /api/admin/rate-decks/5/export': ok(`${HEADER}\n`),
    });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Export CSV of Carrier A November' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls(fetch)).toContain('GET /api/admin/rate-decks/5/export');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('rate-deck-5.csv');
    expect(anchor.href).toMatch(/^blob:/);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
