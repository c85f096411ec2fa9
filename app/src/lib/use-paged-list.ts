import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { LIST_PAGE_SIZE, pageQuery, type Paged } from './paging';

/**
 * One page of a list the server filters (`P`: the answer, when it holds more than the page).
 * The previous page stays on screen while the next loads, and the list is fetched again on
 * every visit: others change it meanwhile.
 */
export function usePagedList<T, P extends Paged<T> = Paged<T>>(
  /** The list's query key; the filters and the page are added to it. */
  key: readonly unknown[],
  /** The API path, e.g. `/admin/phones`. */
  path: string,
  filters: Record<string, string>,
  page: number,
  pageSize = LIST_PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...key, filters, page],
    queryFn: () => api.get<P>(`${path}?${pageQuery(page, pageSize, filters)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
