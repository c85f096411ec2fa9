import type { ActionConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { usd } from '../../../lib/core';
import { myPackagesKey } from '../api/get-my-packages';
import type { CataloguePackage } from '../api/get-packages';
import { purchasePackage } from '../api/purchase-package';

/** Buying a package, its price from the balance. */
export function purchasePackageConfirm(item: CataloguePackage): ActionConfirm<unknown> {
  return {
    title: 'Buy Package',
    confirmLabel: 'Confirm',
    action: () => purchasePackage(item.id),
    success: `${item.name} package purchased successfully!`,
    refresh: myPackagesKey,
    charge: true,
    failure: 'Could not buy the package. Please try again.',
    question: `Buy ${item.name} for ${usd(item.price)}? ${item.minutes} minutes valid ${item.validity} days.`,
    children: 'The price is taken from your balance.',
  };
}
