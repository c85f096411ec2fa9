import toast from 'react-hot-toast';
import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { deletePackage } from '../api/delete-package';
import { adminPackagesKey, type AdminPackage } from '../api/get-admin-packages';

interface DeletePackageDialogProps {
  item: AdminPackage;
  onClose: () => void;
}

export function DeletePackageDialog({ item, onClose }: DeletePackageDialogProps) {
  return (
    <ActionConfirmDialog
      title="Delete Package"
      confirmLabel="Delete Package"
      danger
      action={() => deletePackage(item.id)}
      onDone={(result) => {
        // The server says whether the package went away or was only deactivated.
        if (result.deleted) toast.success(result.message);
        else toast(result.message);
      }}
      refresh={adminPackagesKey}
      failure="Could not delete the package."
      onClose={onClose}
      question={`Delete ${item.name}?`}
    >
      A package that customers still hold is deactivated instead: it leaves the shop and their
      minutes stay.
    </ActionConfirmDialog>
  );
}
