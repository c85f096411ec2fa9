import type { ActionConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { usd } from '../../../lib/core';
import { myNumbersKey, type MyNumber } from '../api/get-my-numbers';
import { renewNumber } from '../api/renew-number';

/** Renewing a number now, for its monthly fee from the balance. */
export function renewNumberConfirm(
  item: MyNumber,
): ActionConfirm<Awaited<ReturnType<typeof renewNumber>>> {
  return {
    title: 'Renew Number',
    confirmLabel: 'Renew',
    action: () => renewNumber(item.id),
    success: (result) => `Number ${result.number.number} renewed`,
    refresh: myNumbersKey,
    charge: true,
    failure: 'Could not renew the number.',
    question: `Renew ${item.number} for ${usd(item.monthlyFee)}?`,
    children: 'The fee is taken from your balance and the number renews for a month.',
  };
}
