import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { formatDate } from '../../../lib/format-date';
import { cancelNumber } from '../api/cancel-number';
import { myNumbersKey, type MyNumber } from '../api/get-my-numbers';

export function cancelNumberConfirm(item: MyNumber) {
  const expiry = item.expiryDate ? `, ${formatDate(item.expiryDate)},` : '';
  return dangerConfirm('cancel the number', () => cancelNumber(item.id), myNumbersKey, {
    title: 'Cancel Number',
    success: `Renewal of ${item.number} cancelled`,
    question: `Cancel ${item.number}?`,
    children: `The number stays yours until its expiry date${expiry} and will not renew. No further monthly fees are charged for it.`,
  });
}
