import type { ReactNode } from 'react';
import { usd } from '../../../lib/core';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { ActionsMenu, type ActionsMenuItem } from '../dialogs/actions-menu';
import { Badge, type BadgeTone } from '../feedback/badge';
import { Flag } from '../basics/flag';
import { actionsColumn, type Column } from './data-table';

interface TimeProps {
  /** An ISO timestamp from the API. */
  value: string;
  /** Show the time of day too, not only the date. */
  withTime?: boolean;
  className?: string;
}

/** A timestamp as a `<time>` that machines read and people read formatted. */
export function Time({ value, withTime = false, className }: TimeProps) {
  return (
    <time dateTime={value} className={className}>
      {withTime ? formatDateTime(value) : formatDate(value)}
    </time>
  );
}

/** A cell with nothing to show: a grey dash. */
export function NoValue() {
  return <span className="text-slate-400">—</span>;
}

interface DateColumnOptions {
  withTime?: boolean;
  /** A lighter grey, for a date that is not what the row is about (when it was received). */
  muted?: boolean;
  className?: string;
  /** Shown for a row without the timestamp, e.g. "Never"; a grey dash by default. */
  empty?: ReactNode;
}

/** A column of one timestamp per row, which never wraps. */
export function dateColumn<T>(
  header: string,
  value: (row: T) => string | null | undefined,
  {
    withTime = false,
    muted = false,
    className = `whitespace-nowrap ${muted ? 'text-slate-600' : 'text-slate-700'}`,
    empty = <NoValue />,
  }: DateColumnOptions = {},
): Column<T> {
  return {
    header,
    className,
    cell: (row) => {
      const iso = value(row);
      return iso ? <Time value={iso} withTime={withTime} /> : empty;
    },
  };
}

/** A column of one amount of money per row, in dollars with 2 decimals. */
export function moneyColumn<T>(
  header: string,
  value: (row: T) => number | string,
  options: Partial<Pick<Column<T>, 'align' | 'className' | 'testId'>> = {},
): Column<T> {
  return {
    header,
    className: 'whitespace-nowrap text-slate-900 tabular-nums',
    ...options,
    cell: (row) => usd(value(row)),
  };
}

/** The row's status as a coloured badge. */
export function statusColumn<T>(
  status: (row: T) => string,
  tone: (row: T) => BadgeTone,
): Column<T> {
  return { header: 'Status', cell: (row) => <Badge tone={tone(row)}>{status(row)}</Badge> };
}

/** The last column: a menu of what can be done to the row, named after it. */
export function actionsMenuColumn<T>(
  name: (row: T) => string,
  items: (row: T) => ActionsMenuItem[],
): Column<T> {
  return actionsColumn((row) => (
    <ActionsMenu label={`Actions for ${name(row)}`} items={items(row)} />
  ));
}

interface TwoLineCellProps {
  title: ReactNode;
  detail: ReactNode;
  titleClassName?: string;
  detailClassName?: string;
}

/** A cell of what the row is, above a detail in grey (a user's name over their email). */
export function TwoLineCell({
  title,
  detail,
  titleClassName = 'font-medium text-slate-900',
  detailClassName = 'text-slate-500',
}: TwoLineCellProps) {
  return (
    <>
      <p className={titleClassName}>{title}</p>
      <p className={detailClassName}>{detail}</p>
    </>
  );
}

interface CountryCellProps {
  /** The country code as the API sends it, e.g. "US". */
  code: string;
  /** The country's emoji flag from the API. */
  flag?: string;
  name: ReactNode;
  /** Shown small and grey after the name, e.g. the country's code. */
  detail?: ReactNode;
}

/** A country in a table cell: its flag, then its name (the flag is decorative). */
export function CountryCell({ code, flag, name, detail }: CountryCellProps) {
  return (
    <>
      <Flag code={code} emoji={flag} className="mr-2 align-[-2px]" />
      {name}
      {detail !== undefined && (
        <span className="ml-2 text-xs font-normal text-slate-500">{detail}</span>
      )}
    </>
  );
}
