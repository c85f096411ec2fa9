import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiBlob, messageOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { callsBase, type CallFilters, type CallScope } from './get-calls';

export const CALLS_EXPORT_FILENAME = 'dialtone-calls.csv';

/** The CSV of every call matching the filters, not only the page on screen. */
export async function exportCalls(scope: CallScope, filters: CallFilters): Promise<void> {
  const query = new URLSearchParams({ ...filters });
  const csv = await apiBlob(`${callsBase(scope)}/export?${query.toString()}`);
  saveBlob(csv, CALLS_EXPORT_FILENAME);
}

export function useExportCalls(scope: CallScope) {
  return useMutation({
    mutationFn: (filters: CallFilters) => exportCalls(scope, filters),
    onError: (error) => {
      toast.error(messageOf(error, 'Could not export the call records. Please try again.'));
    },
  });
}
