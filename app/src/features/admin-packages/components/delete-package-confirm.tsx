import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import toast from 'react-hot-toast';
import { deletePackage } from '../api/delete-package';
import { adminPackagesKey, type AdminPackage } from '../api/get-admin-packages';

export function deletePackageConfirm(item: AdminPackage) {
  return dangerConfirm('delete the package', () => deletePackage(item.id), adminPackagesKey, {
    title: 'Delete Package',
    onDone: (result) => {
      // The server says whether the package went away or was only deactivated.
      if (result.deleted) toast.success(result.message);
      else toast(result.message);
    },
    question: `Delete ${item.name}?`,
    children:
      'A package that customers still hold is deactivated instead: it leaves the shop and their minutes stay.',
  });
}
