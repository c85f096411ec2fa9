import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryLoadError } from '../feedback/load-error';

/** The white card a panel's content sits in; a state shown outside any panel gets one too. */
export const card = 'rounded-2xl border border-slate-200 bg-white';

interface QueryStatesProps<T> {
  query: UseQueryResult<T>;
  /** Shown while the query first loads, e.g. a TableSkeleton. */
  loading: ReactNode;
  /** The message when the query fails and the server gave none. */
  error: string;
  /** The content stands outside a panel: its failure then gets a card of its own. */
  cards?: boolean;
  children: (data: T) => ReactNode;
}

/** What one query shows: `loading` while it is pending, its failure with Retry, then its data. */
export function QueryStates<T>({
  query,
  loading,
  error,
  cards = false,
  children,
}: QueryStatesProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) {
    const failed = <QueryLoadError query={query} fallback={error} />;
    return cards ? <div className={`${card} shadow-sm`}>{failed}</div> : failed;
  }
  return children(query.data);
}
