import { Badge, type BadgeTone } from '../../../components/ui/feedback/badge';
import { DataTable, type Column } from '../../../components/ui/tables/data-table';
import type { Schema } from '../../../generated/api-types';
import { fromMicros, rate } from '../../../lib/core';
import type { DeckChange } from '../api/get-deck-preview';

type RateMove = Schema<'DeckRateMove'>;

const kinds: Record<string, { label: string; tone: BadgeTone }> = {
  added: { label: 'Added', tone: 'green' },
  changed: { label: 'Changed', tone: 'blue' },
  removed: { label: 'Removed', tone: 'gray' },
};

const rates: Record<string, { label: string; unit: string }> = {
  inbound: { label: 'Inbound', unit: '/min' },
  outbound: { label: 'Outbound', unit: '/min' },
  sms: { label: 'SMS', unit: '/msg' },
};

/** "+12.5%" or "-40%"; nothing for a rate that was zero (any rise from zero is flagged). */
function percentText(percent: string | null | undefined): string {
  if (percent == null) return '';
  return percent.startsWith('-') ? `${percent}%` : `+${percent}%`;
}

function Move({ move }: { move: RateMove }) {
  const kind = rates[move.rate] ?? { label: move.rate, unit: '' };
  const money = (micros: string) => `${rate(fromMicros(micros))}${kind.unit}`;
  return (
    <li className={move.flagged ? 'font-semibold text-red-800' : 'text-slate-700'}>
      {kind.label} {money(move.before)} → {money(move.after)}{' '}
      <span className="tabular-nums">{percentText(move.percent)}</span>
    </li>
  );
}

// Every cell of a flagged row is tinted, so the mark holds whichever column is read.
const tint = (extra: string) => (row: DeckChange) =>
  `${extra} ${row.flagged ? 'bg-yellow-50' : ''}`;

const columns: Array<Column<DeckChange>> = [
  {
    header: 'Prefix',
    rowHeader: true,
    className: tint('font-mono font-semibold whitespace-nowrap text-slate-900'),
    cell: (row) => row.prefix,
  },
  { header: 'Destination', className: tint('text-slate-700'), cell: (row) => row.destination },
  {
    header: 'Change',
    className: tint(''),
    cell: (row) => {
      const kind = kinds[row.kind] ?? { label: row.kind, tone: 'gray' as const };
      return <Badge tone={kind.tone}>{kind.label}</Badge>;
    },
  },
  {
    header: 'Rates',
    className: tint('text-sm'),
    cell: (row) =>
      row.moves.length === 0 ? (
        <span className="text-slate-500">
          {row.kind === 'changed' ? 'Other columns changed' : '—'}
        </span>
      ) : (
        <ul className="space-y-0.5 whitespace-nowrap">
          {row.moves.map((move) => (
            <Move key={move.rate} move={move} />
          ))}
        </ul>
      ),
  },
  {
    header: 'Flag',
    className: tint(''),
    cell: (row) => (row.flagged ? <Badge tone="red">Flagged</Badge> : null),
  },
];

/** The prefixes a deck adds, changes or removes: flagged ones first, as the server orders them. */
export function DeckChangesTable({ changes }: { changes: DeckChange[] }) {
  return (
    <DataTable
      caption="Changes against the deck in force"
      minWidth="min-w-[44rem]"
      rows={changes}
      rowKey={(row) => `${row.kind}-${row.prefix}`}
      rowClassName="align-top"
      columns={columns}
    />
  );
}
