import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { Paged } from '../../../lib/paging';
import type { ListFilterControls } from '../../../lib/use-list-filters';
import { FilterBar } from './filter-bar';
import { QueryList } from './list-panel';
import { TableSkeleton } from './table-skeleton';

interface FilteredListProps<T, K extends string> {
  /** The panel's accessible name. */
  label: string;
  /** What the list holds, as its texts say it: "Loading numbers...", "No numbers yet". */
  noun: string;
  /** The search box's placeholder, if not "Search <noun>...". */
  placeholder?: string;
  /** The filters as the user sets them (useListFilters). */
  list: ListFilterControls<K>;
  query: UseQueryResult<Paged<T>>;
  /** The message when the list cannot load and the server gave none, if not "Could not load the <noun>." */
  error?: string;
  /** The table of one page's items. */
  children: (items: T[]) => ReactNode;
}

/**
 * A table the server filters and pages, as the admin screens show one: its filter bar,
 * a six-column skeleton while the first page loads, the empty text saying whether the
 * filters left nothing or there is nothing yet, and the page control.
 */
export function FilteredList<T, K extends string>({
  label,
  noun,
  placeholder = `Search ${noun}...`,
  list,
  query,
  error = `Could not load the ${noun}.`,
  children,
}: FilteredListProps<T, K>) {
  const id = useId();
  return (
    <QueryList
      label={label}
      query={query}
      header={<FilterBar {...list.bar(id, { placeholder })} />}
      loading={<TableSkeleton label={`Loading ${noun}...`} columns={6} />}
      error={error}
      empty={list.filtered ? `No ${noun} match these filters` : `No ${noun} yet`}
      paging={list.paging}
    >
      {(data) => children(data.items)}
    </QueryList>
  );
}
