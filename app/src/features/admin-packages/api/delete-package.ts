import { api } from '../../../lib/api-client';

/** A package with active subscribers is deactivated instead; the message says which. */
export function deletePackage(id: number) {
  return api.delete<{ deleted: boolean; message: string }>(`/admin/packages/${id}`);
}
