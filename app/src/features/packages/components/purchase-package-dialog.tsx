import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
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
  return (
    <ActionConfirmDialog
      title="Buy Package"
      confirmLabel="Confirm"
      action={() => purchasePackage(item.id)}
      success={`${item.name} package purchased successfully!`}
      refresh={myPackagesKey}
      charge={{ refreshUser }}
      failure="Could not buy the package. Please try again."
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Buy {item.name} for {usd(item.price)}? {item.minutes} minutes valid {item.validity} days.
      </p>
      <p className="mt-2">The price is taken from your balance.</p>
    </ActionConfirmDialog>
  );
}
