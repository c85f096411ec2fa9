import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, listPage, mockServer } from '../../../test/mock-api';
import { renderWithToasts } from '../../../test/render';
import { RateDecksPage } from './rate-decks-page';

const HEADER =
  'prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from';

const deck = (fields: Record<string, unknown>) => ({
  name: 'Carrier',
  effectiveFrom: '2026-11-01',
  status: 'draft',
  rows: 2,
  createdBy: 'admin@dialtone.test',
  createdAt: '2026-11-20T10:00:00Z',
  appliedAt: null,
  inForceFrom: null,
  ...fields,
});

const live = deck({
  id: 5,
  name: 'Carrier A November',
  status: 'live',
  rows: 12000,
  appliedAt: '2026-11-01T08:00:00Z',
  inForceFrom: '2026-11-01T08:00:00Z',
});
const old = deck({ id: 4, name: 'Carrier A October', status: 'superseded' });
const draft = deck({ id: 7, name: 'Carrier B', effectiveFrom: '2099-12-01' });

const countries = [
  { id: 1, country: 'United Kingdom', code: 'UK' },
  { id: 2, country: 'Germany', code: 'DE' },
];

const preview = {
  deck: draft,
  against: live,
  thresholdPercent: '10',
  diff: {
    added: 1,
    changed: 2,
    removed: 1,
    unchanged: 5,
    flagged: 1,
    changes: [
      {
        kind: 'changed',
        prefix: '447',
        destination: 'United Kingdom mobile',
        moves: [
          { rate: 'outbound', before: '300000', after: '450000', percent: '50', flagged: true },
        ],
        flagged: true,
      },
      { kind: 'added', prefix: '4420', destination: 'London', moves: [], flagged: false },
      {
        kind: 'changed',
        prefix: '49',
        destination: 'Germany',
        moves: [{ rate: 'sms', before: '65000', after: '66000', percent: '1.5', flagged: false }],
        flagged: false,
      },
      { kind: 'removed', prefix: '44', destination: 'United Kingdom', moves: [], flagged: false },
    ],
  },
};

const server = mockServer({
  'GET /api/admin/rate-decks': { status: 200, body: { items: [draft, live, old] } },
  'GET /api/admin/country-pricing?page=1&pageSize=100': listPage(countries, 2, 1, 100),
  'GET /api/admin/rate-decks/7/preview?threshold=10': { status: 200, body: preview },
});

function renderPage() {
  renderWithToasts(<RateDecksPage />, { route: '/admin/rate-decks' });
}

function csv(lines: string[], name = 'deck.csv') {
  return new File([[HEADER, ...lines].join('\n') + '\n'], name, { type: 'text/csv' });
}

const clean = csv([
  '44,United Kingdom,UK,landline,0.02,0.06,0.04,1,1,2026-12-01',
  '447,United Kingdom mobile,UK,mobile,0.02,0.3,0.05,1,1,2026-12-01',
]);

async function choose(file: File) {
  await userEvent.upload(screen.getByLabelText('CSV file'), file);
}

// jsdom's Blob has no text(), which every browser's has.
beforeAll(() => {
  if ('text' in Blob.prototype) return;
  Object.defineProperty(Blob.prototype, 'text', {
    configurable: true,
    value(this: Blob) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(this);
      });
    },
  });
});

const historyTable = () => screen.getByRole('table', { name: 'Rate decks, newest first' });

describe('Rate decks page', () => {
  it('lists every deck with its status, prefixes and dates', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Rate Decks', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('Carrier A November')).closest('tr')!;
    expect(within(row).getByText('In force')).toHaveClass('bg-green-100');
    expect(within(row).getByText('12,000')).toBeInTheDocument();
    expect(within(row).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(row).getByText(/Uploaded Nov 20, 2026 by admin@dialtone.test/)).toBeVisible();
    const draftRow = within(historyTable())
      .getByRole('rowheader', { name: /^Carrier B/ })
      .closest('tr')!;
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow).getByText('Dec 1, 2099')).toBeInTheDocument();
    expect(within(draftRow).getByRole('button', { name: 'Preview Carrier B' })).toBeVisible();
    expect(within(row).queryByRole('button', { name: /Preview/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByText('Carrier A October').closest('tr')).toHaveTextContent('Superseded');
  });

  it('says when there is no deck yet, and offers Retry when the list cannot load', async () => {
    let fail = true;
    server({
      'GET /api/admin/rate-decks': () =>
        fail
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { status: 200, body: { items: [] } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
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
      'GET /api/admin/rate-decks/7/preview?threshold=10': {
        status: 200,
        body: { ...preview, deck: created, against: null },
      },
    });
    renderPage();
    await choose(clean);
    expect(
      await screen.findByText(/is ready to upload: 2 prefixes, effective from Dec 1, 2026\./),
    ).toHaveTextContent('deck.csv is ready to upload');
    const name = screen.getByLabelText('Deck name');
    expect(name).toHaveValue('deck');
    await userEvent.clear(name);
    await userEvent.type(name, 'Carrier B');
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
      await screen.findByText(/No deck is in force yet, so every prefix counts as added\./),
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
      'POST /api/admin/rate-decks?name=': {
        status: 400,
        body: { message: 'Give the deck a name', errors: { name: 'Give the deck a name' } },
      },
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

  it('previews a draft: the counts, flagged rows first and marked, and a threshold', async () => {
    const fetch = server({
      'GET /api/admin/rate-decks/7/preview?threshold=50': {
        status: 200,
        body: {
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
        },
      },
      'GET /api/admin/rate-decks/7/preview?threshold=x': {
        status: 400,
        body: {
          message: 'Invalid',
          errors: { threshold: 'Threshold must be a percentage, e.g. 10' },
        },
      },
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
    expect(panel).toHaveTextContent('Compared with Carrier A November, the deck in force now.');

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
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '50');
    expect(await within(panel).findByText('Flagged (over 50%)')).toBeInTheDocument();
    expect(within(table).queryByText('Flagged')).toBeNull();
    expect(calls(fetch)).toContain('GET /api/admin/rate-decks/7/preview?threshold=50');

    await userEvent.clear(threshold);
    await userEvent.type(threshold, 'x');
    expect(
      await within(panel).findByText('Threshold must be a percentage, e.g. 10'),
    ).toBeInTheDocument();
  });

  it('applies a draft only after a confirmation that says when it takes effect', async () => {
    const fetch = server({
      'POST /api/admin/rate-decks/7/apply': {
        status: 200,
        body: { item: { ...draft, status: 'scheduled', inForceFrom: '2099-12-01T00:00:00Z' } },
      },
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
      'GET /api/admin/rate-decks': { status: 200, body: { items: [due] } },
      'GET /api/admin/rate-decks/8/preview?threshold=10': {
        status: 200,
        body: { ...preview, deck: due },
      },
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
    const dialog = screen.getByRole('dialog', { name: 'Delete Draft' });
    expect(dialog).toHaveTextContent('Delete the draft Carrier B?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Carrier B deleted')).toBeInTheDocument();
    expect(calls(fetch)).toContain('DELETE /api/admin/rate-decks/7');
  });

  it('exports a deck as CSV through a blob fetched with the session', async () => {
    // jsdom has no object URLs.
    const createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}`);
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetch = server({
      'GET /api/admin/rate-decks/5/export': { status: 200, body: `${HEADER}\n` },
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
