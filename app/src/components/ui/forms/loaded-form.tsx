import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Alert } from '../feedback/alert';

interface LoadedFormProps<T> {
  query: UseQueryResult<T>;
  /** The status line while the query first loads. */
  loading: string;
  /** The alert when it fails. */
  error: string;
  children: (data: T) => ReactNode;
}

/** A form over one query's data, started afresh (its edits dropped) whenever the data is fetched again. */
export function LoadedForm<T>({ query, loading, error, children }: LoadedFormProps<T>) {
  if (query.isPending) return <p role="status">{loading}</p>;
  if (query.isError) return <Alert>{error}</Alert>;
  return <Fragment key={query.dataUpdatedAt}>{children(query.data)}</Fragment>;
}
