import { useState } from 'react';

/**
 * The page of a filtered list: back to page 1 whenever the filters change, without an
 * extra render pass (the page is derived, not reset in an effect).
 */
export function useFilteredPage(filters: unknown): [number, (page: number) => void] {
  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return [page, (next) => setPaging({ key, page: next })];
}
