import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DividedList } from './divided-list';
import { Pagination } from './pagination';
import { card, QueryStates } from './query-states';

interface Paging {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the control when a screen has more than one list. */
  label?: string;
  /** Leave the control out while everything fits on one page. */
  hideSinglePage?: boolean;
}

/** A list answered as an array or as `{ items }` is empty when it holds none; others say. */
type IsEmptyProps<T> = [T] extends [readonly unknown[] | { items: readonly unknown[] }]
  ? { isEmpty?: (data: T) => boolean }
  : { isEmpty: (data: T) => boolean };

/** A list's items: the answer itself, or its `items`. */
type ItemOf<T> = T extends readonly (infer I)[]
  ? I
  : T extends { items: readonly (infer I)[] }
    ? I
    : never;

function itemsOf<T>(data: T): ItemOf<T>[] {
  return Array.isArray(data) ? data : (data as { items: ItemOf<T>[] }).items;
}

function holdsNone(data: unknown): boolean {
  return itemsOf(data).length === 0;
}

/**
 * What shows the list: the screen's own rendering of its data (a table), or `each` item's
 * `<li>`, which the list shows one under another (a DividedList).
 */
type ContentProps<T> =
  | { children: (data: T) => ReactNode; each?: never }
  | { each: (item: ItemOf<T>) => ReactNode; children?: never };

interface StatesProps<T> {
  query: UseQueryResult<T>;
  /** Shown while the first page loads, e.g. a TableSkeleton. */
  loading: ReactNode;
  /** The message when the list cannot load and the server gave none. */
  error: string;
  /** The empty state: a text is shown as the standard status line. */
  empty: ReactNode;
  children?: (data: T) => ReactNode;
  each?: (item: ItemOf<T>) => ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Pages of a list whose answer counts its `total`. */
  paging?: Paging;
  /** The items are cards of their own, outside a ListPanel: the failure and the empty
   * text then get a card too. */
  cards?: boolean;
}

/** The props as a screen gives them: only a list that counts its `total` has pages. */
type ListStatesProps<T> = IsEmptyProps<T> &
  ContentProps<T> &
  Omit<StatesProps<T>, 'isEmpty' | 'paging' | 'children' | 'each'> & {
    paging?: T extends { total: number } ? Paging : never;
  };

/**
 * A list's four states from its query: loading, failed (with Retry), empty, or its
 * items, then the page control when the list has pages.
 */
export function ListStates<T>(props: ListStatesProps<T>) {
  return <States {...(props as StatesProps<T>)} />;
}

function States<T>({
  query,
  loading,
  error,
  isEmpty = holdsNone,
  empty,
  children,
  each,
  paging,
  cards = false,
}: StatesProps<T>) {
  return (
    <QueryStates query={query} loading={loading} error={error} cards={cards}>
      {(data) => {
        if (isEmpty(data)) {
          return typeof empty === 'string' ? (
            <p role="status" className={`${cards ? card : ''} p-10 text-center text-slate-600`}>
              {empty}
            </p>
          ) : (
            empty
          );
        }
        const total = (data as { total?: number }).total ?? 0;
        return (
          <>
            {each ? <DividedList items={itemsOf(data)}>{each}</DividedList> : children?.(data)}
            {paging && !(paging.hideSinglePage && total <= paging.pageSize) && (
              <Pagination
                label={paging.label}
                page={paging.page}
                pageSize={paging.pageSize}
                total={total}
                onPage={paging.onPage}
                disabled={query.isPlaceholderData}
              />
            )}
          </>
        );
      }}
    </QueryStates>
  );
}

interface ListPanelProps {
  /** The panel's accessible name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  busy: boolean;
  /** Padding, spacing and grid placement; the card itself looks the same everywhere. */
  className?: string;
  children: ReactNode;
}

type QueryListProps<T> = ListStatesProps<T> & {
  /** The panel's accessible name, when no heading names it. */
  label?: string;
  /** Busy while something besides the list's query runs too. */
  busy?: boolean;
  /** The panel's heading across its top, which names it: its id is written once. */
  heading?: PanelHeadingProps;
  /** What stands above the list inside the panel, e.g. its filters. */
  header?: ReactNode;
};

/** A list in its panel, below its header; the panel is busy while the list's query fetches. */
export function QueryList<T>({
  label,
  busy = false,
  heading,
  header,
  ...states
}: QueryListProps<T>) {
  return (
    <ListPanel label={label} labelledBy={heading?.id} busy={busy || states.query.isFetching}>
      {heading && <PanelHeading {...heading} />}
      {header}
      <States {...(states as StatesProps<T>)} />
    </ListPanel>
  );
}

/** The white card a list (or what else a query shows) sits in, busy while its query fetches. */
export function ListPanel({
  label,
  labelledBy,
  busy,
  className = 'overflow-hidden',
  children,
}: ListPanelProps) {
  return (
    <section
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-busy={busy}
      className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}
    >
      {children}
    </section>
  );
}

interface PanelHeadingProps {
  /** The heading's id, which names the panel. */
  id: string;
  title: ReactNode;
  /** A line of text under the title. */
  description?: ReactNode;
  /** A button beside the title, e.g. to add an item. */
  action?: ReactNode;
}

/** A panel's h2 across its top, with a line of text below and a button beside. */
export function PanelHeading({ id, title, description, action }: PanelHeadingProps) {
  const text = (
    <>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
    </>
  );
  return action ? (
    <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div>{text}</div>
      {action}
    </div>
  ) : (
    <div className="border-b border-slate-200 px-4 py-4 sm:px-6">{text}</div>
  );
}

interface TitledListPanelProps {
  /** The heading's id: it names the section and the panel. */
  id: string;
  title: ReactNode;
  busy: boolean;
  children: ReactNode;
}

/** A list's panel under a heading of its own, outside the card: a part of a page. */
export function TitledListPanel({ id, title, busy, children }: TitledListPanelProps) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ListPanel labelledBy={id} busy={busy}>
        {children}
      </ListPanel>
    </section>
  );
}
