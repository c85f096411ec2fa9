import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { formatDate } from '../../../lib/format-date';
import { cancelRenewal } from '../api/cancel-renewal';
import { myPackagesKey, type MyPackage } from '../api/get-my-packages';

/** Stopping a plan's renewal: it stays until the end of its period, then expires. */
export function cancelRenewalConfirm(item: MyPackage) {
  return dangerConfirm('cancel the renewal', () => cancelRenewal(item.id), myPackagesKey, {
    title: 'Cancel Renewal',
    success: `Renewal of ${item.name} cancelled`,
    question: `Stop ${item.name} renewing?`,
    children: `It keeps its minutes until ${formatDate(item.expiryDate)}, then expires. Nothing more is charged for it.`,
  });
}
