import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListStates } from './list-panel';
import { LoadingStatus } from '../feedback/spinner';

interface CardListProps<T> {
  /** The section's accessible name. */
  label: string;
  query: UseQueryResult<T[]>;
  /** What is loading, for screen readers: "Loading packages...". */
  loading: string;
  /** The message when the list cannot load and the server gave none. */
  error: string;
  empty: ReactNode;
  /** The grid the cards sit in, e.g. `grid gap-6 md:grid-cols-3`. */
  grid: string;
  /** One item's card, with its key. */
  children: (item: T) => ReactNode;
}

/** A list whose items are cards of their own, in a grid, with ListStates' four states. */
export function CardList<T>({
  label,
  query,
  loading,
  error,
  empty,
  grid,
  children,
}: CardListProps<T>) {
  return (
    <section aria-label={label} aria-busy={query.isFetching}>
      <ListStates
        cards
        query={query}
        loading={<LoadingStatus label={loading} />}
        error={error}
        empty={empty}
      >
        {(data) => <div className={grid}>{data.map((item) => children(item))}</div>}
      </ListStates>
    </section>
  );
}
