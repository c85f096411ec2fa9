import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ChargeFailure } from '../../../components/ui/charge-failure';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAuth } from '../../../lib/auth-context';
import { usd } from '../../../lib/core';
import { myNumbersKey, type MyNumber } from '../api/get-my-numbers';
import { renewNumber } from '../api/renew-number';

interface RenewNumberDialogProps {
  item: MyNumber;
  onClose: () => void;
}

export function RenewNumberDialog({ item, onClose }: RenewNumberDialogProps) {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const renew = useMutation({
    mutationFn: () => renewNumber(item.id),
    onSuccess: async (result) => {
      toast.success(`Number ${result.number.number} renewed`);
      onClose();
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: myNumbersKey })]);
    },
  });
  const error = renew.isError ? (
    <ChargeFailure error={renew.error} fallback="Could not renew the number." />
  ) : null;
  return (
    <ConfirmDialog
      title="Renew Number"
      confirmLabel="Renew"
      pending={renew.isPending}
      error={error}
      onConfirm={() => renew.mutate()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Renew {item.number} for {usd(item.monthlyFee)}?
      </p>
      <p className="mt-2">The fee is taken from your balance and the number renews for a month.</p>
    </ConfirmDialog>
  );
}
