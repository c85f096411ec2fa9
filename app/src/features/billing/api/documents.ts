import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Schema } from '../../../generated/api-types';
import { api, apiBlob, messageOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { useApiGet } from '../../../lib/use-api-get';

export type DocumentView = Schema<'DocumentView'>;
export type BillingProfile = Schema<'BillingProfile'>;
type DocumentPage = { items: DocumentView[]; total: number };

export const documentsKey = ['documents'] as const;
export const profileKey = ['billing', 'profile'] as const;

export function useDocuments() {
  return useApiGet<DocumentPage>(documentsKey, '/documents?pageSize=50', { staleTime: 0 });
}

export function useBillingProfile() {
  return useApiGet<BillingProfile>(profileKey, '/billing/profile', { staleTime: 0 });
}

export function saveBillingProfile(profile: BillingProfile) {
  return api.put<BillingProfile>('/billing/profile', profile);
}

/** Where documents download from: the account's own, or any account's for an admin. */
export type DocumentsBase = '/documents' | '/admin/documents';

/** Downloads one document as `format` (pdf, or csv for a statement). */
export function useDownloadDocument(base: DocumentsBase) {
  return useMutation({
    mutationFn: async ({ doc, format }: { doc: DocumentView; format: 'pdf' | 'csv' }) => {
      const blob = await apiBlob(`${base}/${doc.id}/${format}`);
      saveBlob(blob, `${doc.number}.${format}`);
    },
    onError: (error) => toast.error(messageOf(error, 'Could not download the document.')),
  });
}
