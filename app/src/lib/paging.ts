/** One page of a server-side list, as every list endpoint answers it. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The page size of the lists the server pages, unless a list says otherwise. */
export const LIST_PAGE_SIZE = 20;

/** A list's search text and its other filters, each empty for "all". */
export type ListFilters<K extends string> = { search: string } & Record<K, string>;

/** `?page=..&pageSize=..` plus any filters, in a stable order for the API and the tests. */
export function pageQuery(
  page: number,
  pageSize: number,
  filters: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ ...filters, page: String(page), pageSize: String(pageSize) });
  return query.toString();
}
