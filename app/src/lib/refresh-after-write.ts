import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Fetches again what a write changed. A request already in flight may have read the data
 * before the write reached the server, so it is cancelled and asked again rather than
 * awaited: React Query's invalidation restarts an in-flight fetch only for a query that
 * already has data, and a list whose filter just changed (a search typed before the save)
 * has none yet, so it showed the old value until the next visit.
 */
export async function refreshAfterWrite(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
