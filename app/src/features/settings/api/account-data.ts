import { api, apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export async function downloadAccountExport(): Promise<void> {
  saveBlob(await apiBlob('/user/export'), 'dialtone-account.zip');
}

export function closeAccount(password: string) {
  return api.post<{ message: string }>('/user/close', { password });
}
