import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../lib/format-date';
import type { Column } from './data-table';

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

interface DateColumnOptions {
  withTime?: boolean;
  className?: string;
}

/** A column of one timestamp per row, which never wraps. */
export function dateColumn<T>(
  header: string,
  value: (row: T) => string,
  { withTime = false, className = 'whitespace-nowrap text-slate-700' }: DateColumnOptions = {},
): Column<T> {
  return { header, className, cell: (row) => <Time value={value(row)} withTime={withTime} /> };
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
