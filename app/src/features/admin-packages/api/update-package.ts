import { api } from '../../../lib/api-client';
import type { AdminPackage, PackageBody } from './get-admin-packages';

export function updatePackage(id: number, body: PackageBody) {
  return api.put<{ item: AdminPackage }>(`/admin/packages/${id}`, body);
}
