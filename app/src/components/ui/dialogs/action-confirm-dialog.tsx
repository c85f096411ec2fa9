import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useContext, type ComponentProps } from 'react';
import toast from 'react-hot-toast';
import { messageOf } from '../../../lib/api-client';
import { AuthContext } from '../../../lib/auth-context';
import { ChargeFailure } from '../feedback/charge-failure';
import { ConfirmDialog } from './confirm-dialog';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

type DialogProps = Omit<ComponentProps<typeof ConfirmDialog>, 'onConfirm' | 'pending' | 'error'>;

interface ActionConfirmDialogProps<T> extends DialogProps {
  /** The call the confirmation makes. */
  action: () => Promise<T>;
  /** The toast that says it worked, shown before the dialog closes. */
  success?: string | ((result: T) => string);
  /** Anything else to do once it worked (or a toast of another kind), before the dialog closes. */
  onDone?: (result: T) => void;
  /** The queries the call changes, fetched again once it succeeded. */
  refresh: QueryKey;
  /** The message when the call fails and the server gave none. */
  failure: string;
  /** The call charges the balance: a failure links to Add funds, and success refetches the user. */
  charge?: boolean;
}

/**
 * What an ActionConfirmDialog asks and does, for one item: the features describe their
 * confirmations with it, and the screen that opens one adds how it closes.
 */
export type ActionConfirm<T> = Omit<ActionConfirmDialogProps<T>, 'onClose'>;

/**
 * The confirmation of a step that cannot be undone (deleting, revoking, hanging up): its
 * button red, and its failure "Could not <step>." when the server gives no message.
 */
export function dangerConfirm<T>(
  step: string,
  action: () => Promise<T>,
  refresh: QueryKey,
  dialog: Omit<ActionConfirm<T>, 'action' | 'refresh' | 'failure' | 'danger'>,
): ActionConfirm<T> {
  return { ...dialog, danger: true, action, refresh, failure: `Could not ${step}.` };
}

/** Asks before a call to the API, makes it, and shows its failure in the dialog. */
export function ActionConfirmDialog<T>({
  action,
  success,
  onDone,
  refresh,
  failure,
  charge,
  ...dialog
}: ActionConfirmDialogProps<T>) {
  const queryClient = useQueryClient();
  const auth = useContext(AuthContext);
  const run = useMutation({
    mutationFn: action,
    onSuccess: async (result) => {
      if (success !== undefined) {
        toast.success(typeof success === 'function' ? success(result) : success);
      }
      onDone?.(result);
      dialog.onClose();
      await Promise.all([
        charge ? auth?.refreshUser() : undefined,
        refreshAfterWrite(queryClient, { queryKey: refresh }),
      ]);
    },
  });
  return (
    <ConfirmDialog
      {...dialog}
      pending={run.isPending}
      error={
        !run.isError ? null : charge ? (
          <ChargeFailure error={run.error} fallback={failure} />
        ) : (
          messageOf(run.error, failure)
        )
      }
      onConfirm={() => run.mutate()}
    />
  );
}
