import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

interface ApiGetOptions<T, R> {
  /** 0 fetches again on every visit; without it the app's default applies. */
  staleTime?: number;
  /** The part of the answer the screen uses, e.g. a list out of `{ items }`. */
  select?: (data: T) => R;
  /** For what changes on the server by itself: never fresh, and fetched again this often (ms)
   * while shown. */
  pollEvery?: number;
}

/** A GET of the API (`path` below /api), cached under `key`. */
export function useApiGet<T, R = T>(
  key: QueryKey,
  path: string,
  { pollEvery, ...options }: ApiGetOptions<T, R> = {},
) {
  const polled = pollEvery === undefined ? {} : { staleTime: 0, refetchInterval: pollEvery };
  return useQuery({ queryKey: key, queryFn: () => api.get<T>(path), ...options, ...polled });
}
