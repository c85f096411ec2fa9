import { useState } from 'react';
import type { FilterSelect, SearchFieldProps } from '../components/ui/filter-bar';
import type { SelectOption } from '../components/ui/select-field';
import { LIST_PAGE_SIZE, type ListFilters } from './paging';
import { useDebouncedValue } from './use-debounced-value';
import { useFilteredPage } from './use-filtered-page';

/** The wait after the last keystroke before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The filters of a list the server filters, as the user sets them: the search box's text
 * (sent once typing settles), the selects' values, the page (back to 1 when a filter
 * changes), and the props of the FilterBar fields that set them.
 */
export function useListFilters<K extends string>(selects: Record<K, string>) {
  const [draft, setDraft] = useState<ListFilters<K>>({ search: '', ...selects });
  const term = useDebouncedValue(draft.search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: ListFilters<K> = { ...draft, search: term };
  const [page, setPage] = useFilteredPage(filters);
  const set = (name: K | 'search') => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));

  return {
    filters,
    /** Whether any filter is set, for the empty list's text. */
    filtered: Object.values<string>(filters).some((value) => value !== ''),
    paging: { page, pageSize: LIST_PAGE_SIZE, onPage: setPage },
    search: (field: Omit<SearchFieldProps, 'value' | 'onChange'>): SearchFieldProps => ({
      ...field,
      value: draft.search,
      onChange: set('search'),
    }),
    select: (name: K, id: string, label: string, options: SelectOption[]): FilterSelect => ({
      id,
      label,
      value: draft[name],
      onChange: set(name),
      options,
    }),
  };
}
