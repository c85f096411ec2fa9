import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ChargeFailure } from '../../../components/ui/charge-failure';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAuth } from '../../../lib/auth-context';
import { usd } from '../../../lib/core';
import { myPackagesKey } from '../api/get-my-packages';
import type { CataloguePackage } from '../api/get-packages';
import { purchasePackage } from '../api/purchase-package';

interface PurchasePackageDialogProps {
  item: CataloguePackage;
  onClose: () => void;
}

export function PurchasePackageDialog({ item, onClose }: PurchasePackageDialogProps) {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const purchase = useMutation({
    mutationFn: () => purchasePackage(item.id),
    onSuccess: async () => {
      toast.success(`${item.name} package purchased successfully!`);
      onClose();
      await Promise.all([
        refreshUser(),
        queryClient.invalidateQueries({ queryKey: myPackagesKey }),
      ]);
    },
  });
  const error = purchase.isError ? (
    <ChargeFailure error={purchase.error} fallback="Could not buy the package. Please try again." />
  ) : null;
  return (
    <ConfirmDialog
      title="Buy Package"
      confirmLabel="Confirm"
      pending={purchase.isPending}
      error={error}
      onConfirm={() => purchase.mutate()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Buy {item.name} for {usd(item.price)}? {item.minutes} minutes valid {item.validity} days.
      </p>
      <p className="mt-2">The price is taken from your balance.</p>
    </ConfirmDialog>
  );
}
