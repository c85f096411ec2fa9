import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiBlob, messageOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export const EXPORT_FILENAME = 'dialtone-transactions.csv';

export async function exportTransactions(): Promise<void> {
  const csv = await apiBlob('/ledger/export');
  saveBlob(csv, EXPORT_FILENAME);
}

export function useExportTransactions() {
  return useMutation({
    mutationFn: exportTransactions,
    onError: (error) => {
      toast.error(messageOf(error, 'Could not export your transactions. Please try again.'));
    },
  });
}
