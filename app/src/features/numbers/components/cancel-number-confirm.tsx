import type { ActionConfirm } from '../../../components/ui/action-confirm-dialog';
import { formatDate } from '../../../lib/format-date';
import { cancelNumber } from '../api/cancel-number';
import { myNumbersKey, type MyNumber } from '../api/get-my-numbers';

export function cancelNumberConfirm(item: MyNumber): ActionConfirm<unknown> {
  const expiry = item.expiryDate ? `, ${formatDate(item.expiryDate)},` : '';
  return {
    title: 'Cancel Number',
    confirmLabel: 'Cancel Number',
    danger: true,
    action: () => cancelNumber(item.id),
    success: `Renewal of ${item.number} cancelled`,
    refresh: myNumbersKey,
    failure: 'Could not cancel the number.',
    question: `Cancel ${item.number}?`,
    children: `The number stays yours until its expiry date${expiry} and will not renew. No further monthly fees are charged for it.`,
  };
}
