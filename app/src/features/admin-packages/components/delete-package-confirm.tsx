import type { ActionConfirm } from '../../../components/ui/action-confirm-dialog';
import toast from 'react-hot-toast';
import { deletePackage } from '../api/delete-package';
import { adminPackagesKey, type AdminPackage } from '../api/get-admin-packages';

export function deletePackageConfirm(
  item: AdminPackage,
): ActionConfirm<Awaited<ReturnType<typeof deletePackage>>> {
  return {
    title: 'Delete Package',
    confirmLabel: 'Delete Package',
    danger: true,
    action: () => deletePackage(item.id),
    onDone: (result) => {
      // The server says whether the package went away or was only deactivated.
      if (result.deleted) toast.success(result.message);
      else toast(result.message);
    },
    refresh: adminPackagesKey,
    failure: 'Could not delete the package.',
    question: `Delete ${item.name}?`,
    children:
      'A package that customers still hold is deactivated instead: it leaves the shop and their minutes stay.',
  };
}
