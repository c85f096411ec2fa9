import { api } from '../../../lib/api-client';
import type { AdminPackage, PackageBody } from './get-admin-packages';

export function createPackage(body: PackageBody) {
  return api.post<{ item: AdminPackage }>('/admin/packages', body);
}
