import { useState } from 'react';
import type { FilterSelect, SearchFieldProps } from '../components/ui/tables/filter-bar';
import type { SelectOption } from '../components/ui/forms/select-field';
import { LIST_PAGE_SIZE, type ListFilters } from './paging';
import { useDebouncedValue } from './use-debounced-value';
import { useFilteredPage } from './use-filtered-page';

/** The wait after the last keystroke before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A list's select filters by name: each one's label and options, the first "all". */
export type SelectFilters<K extends string> = Record<K, readonly [string, SelectOption[]]>;

/**
 * The filters of a list the server filters, as the user sets them: the search box's text
 * (sent once typing settles), the selects' values (each empty at first), the page (back
 * to 1 when a filter changes), and the props of the FilterBar that sets them.
 */
export function useListFilters<K extends string>(selects: SelectFilters<K>) {
  const names = Object.keys(selects) as K[];
  const [draft, setDraft] = useState(
    () =>
      ({ search: '', ...Object.fromEntries(names.map((name) => [name, ''])) }) as ListFilters<K>,
  );
  const term = useDebouncedValue(draft.search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: ListFilters<K> = { ...draft, search: term };
  const [page, setPage] = useFilteredPage(filters);
  const set = (name: K | 'search') => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const search = (field: Omit<SearchFieldProps, 'value' | 'onChange'>): SearchFieldProps => ({
    ...field,
    value: draft.search,
    onChange: set('search'),
  });

  return {
    filters,
    /** Whether any filter is set, for the empty list's text. */
    filtered: Object.values<string>(filters).some((value) => value !== ''),
    paging: { page, pageSize: LIST_PAGE_SIZE, onPage: setPage },
    search,
    /** The FilterBar's search box and selects, their ids `<id>-search` and `<id>-<name>`. */
    bar: (
      id: string,
      field: Omit<SearchFieldProps, 'id' | 'value' | 'onChange'>,
    ): { search: SearchFieldProps; selects: FilterSelect[] } => ({
      search: search({ ...field, id: `${id}-search` }),
      selects: names.map((name) => ({
        id: `${id}-${name}`,
        label: selects[name][0],
        value: draft[name],
        onChange: set(name),
        options: selects[name][1],
      })),
    }),
  };
}

/** What useListFilters gives a list's screen. */
export type ListFilterControls<K extends string> = ReturnType<typeof useListFilters<K>>;
