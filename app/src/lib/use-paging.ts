import { useState } from 'react';

interface PagingOptions {
  /** Names the page control when a screen has more than one list. */
  label?: string;
  /** Leave the control out while everything fits on one page. */
  hideSinglePage?: boolean;
}

/**
 * The page of a list that starts on page 1, and the page control's props for ListStates
 * or QueryList.
 */
export function usePaging(pageSize: number, options: PagingOptions = {}) {
  const [page, setPage] = useState(1);
  return { page, paging: { page, pageSize, onPage: setPage, ...options } };
}
