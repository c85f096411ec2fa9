import type { ActionConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { usd } from '../../../lib/core';
import { myPackagesKey } from '../api/get-my-packages';
import type { CataloguePackage } from '../api/get-packages';
import { purchasePackage } from '../api/purchase-package';

/** How often a plan renews: its validity is its period ("monthly" for a month's). */
function period(days: number): string {
  return days >= 28 && days <= 31 ? 'monthly' : `every ${days} days`;
}

/** Buying a plan, its price from the balance, again each period until cancelled. */
export function purchasePackageConfirm(item: CataloguePackage): ActionConfirm<unknown> {
  return {
    title: 'Buy Package',
    confirmLabel: 'Confirm',
    action: () => purchasePackage(item.id),
    success: `${item.name} package purchased successfully!`,
    refresh: myPackagesKey,
    charge: true,
    failure: 'Could not buy the package. Please try again.',
    question: `Buy ${item.name} for ${usd(item.price)}? ${item.minutes.toLocaleString('en-US')} minutes valid ${item.validity} days.`,
    children: `The price is taken from your balance now. The plan renews ${period(item.validity)} until you cancel it, each time with all its minutes.`,
  };
}
