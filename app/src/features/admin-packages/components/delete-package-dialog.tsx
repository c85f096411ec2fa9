import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { deletePackage } from '../api/delete-package';
import { adminPackagesKey, type AdminPackage } from '../api/get-admin-packages';

interface DeletePackageDialogProps {
  item: AdminPackage;
  onClose: () => void;
}

export function DeletePackageDialog({ item, onClose }: DeletePackageDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePackage(item.id),
    onSuccess: async (result) => {
      // The server says whether the package went away or was only deactivated.
      if (result.deleted) toast.success(result.message);
      else toast(result.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: adminPackagesKey });
    },
  });
  return (
    <ConfirmDialog
      title="Delete Package"
      confirmLabel="Delete Package"
      danger
      pending={remove.isPending}
      error={remove.isError ? messageOf(remove.error, 'Could not delete the package.') : null}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">Delete {item.name}?</p>
      <p className="mt-2">
        A package that customers still hold is deactivated instead: it leaves the shop and their
        minutes stay.
      </p>
    </ConfirmDialog>
  );
}
