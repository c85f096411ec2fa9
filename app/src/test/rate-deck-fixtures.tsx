// What the Rate Decks page tests (features/rate-decks/pages) share: the decks, countries and preview the mocked
// server answers with, and helpers to render the page and choose a file.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, mockServer, ok } from './mock-api';
import { renderWithToasts } from './render';
import { RateDecksPage } from '../features/rate-decks/pages/rate-decks-page';

export const HEADER =
  'prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from';

export const deck = (fields: Record<string, unknown>) => ({
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

export const live = deck({
  id: 5,
  name: 'Carrier A November',
  status: 'live',
  rows: 12000,
  appliedAt: '2026-11-01T08:00:00Z',
  inForceFrom: '2026-11-01T08:00:00Z',
});
export const old = deck({ id: 4, name: 'Carrier A October', status: 'superseded' });
export const draft = deck({ id: 7, name: 'Carrier B', effectiveFrom: '2099-12-01' });

export const countries = [
  { id: 1, country: 'United Kingdom', code: 'GB' },
  { id: 2, country: 'Germany', code: 'DE' },
];

export const preview = {
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

export const server = mockServer({
  'GET /api/admin/rate-decks': ok({ items: [draft, live, old] }),
  'GET /api/admin/country-pricing?page=1&pageSize=100': listPage(countries, 2, 1, 100),
  'GET /api/admin/rate-decks/7/preview?threshold=10': ok(preview),
});

export function renderPage() {
  renderWithToasts(<RateDecksPage />, { route: '/admin/rate-decks' });
}

export function csv(lines: string[], name = 'deck.csv') {
  return new File([[HEADER, ...lines].join('\n') + '\n'], name, { type: 'text/csv' });
}

export const clean = csv([
  '44,United Kingdom,UK,landline,0.02,0.06,0.04,1,1,2026-12-01',
  '447,United Kingdom mobile,UK,mobile,0.02,0.3,0.05,1,1,2026-12-01',
]);

export async function choose(file: File) {
  await userEvent.upload(screen.getByLabelText('CSV file'), file);
}

export const historyTable = () => screen.getByRole('table', { name: 'Rate decks, newest first' });
