import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { DocumentView } from '../../billing/api/documents';

export const USER_DOCUMENTS_PAGE_SIZE = 10;

export function useUserDocuments(userId: number, page: number) {
  return useQuery({
    queryKey: ['admin', 'documents', userId, page],
    queryFn: () =>
      api.get<Paged<DocumentView>>(
        `/admin/users/${userId}/documents?${pageQuery(page, USER_DOCUMENTS_PAGE_SIZE)}`,
      ),
    placeholderData: keepPreviousData,
  });
}
