import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

interface ApiGetOptions<T, R> {
  /** 0 fetches again on every visit; without it the app's default applies. */
  staleTime?: number;
  /** The part of the answer the screen uses, e.g. a list out of `{ items }`. */
  select?: (data: T) => R;
  /** For what changes on the server by itself: fetched again this often while shown. */
  refetchInterval?: number;
}

/** A GET of the API (`path` below /api), cached under `key`. */
export function useApiGet<T, R = T>(
  key: QueryKey,
  path: string,
  options: ApiGetOptions<T, R> = {},
) {
  return useQuery({ queryKey: key, queryFn: () => api.get<T>(path), ...options });
}
