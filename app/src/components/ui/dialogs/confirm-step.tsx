import type { ReactNode } from 'react';
import { Alert } from '../feedback/alert';
import { DialogActions } from './dialog-actions';

interface ConfirmStepProps {
  /** The question, and any detail under it. */
  children: ReactNode;
  /** What went wrong with the last attempt, shown above the buttons. */
  failure?: ReactNode;
  /** Back to the form, which keeps what was typed (or Cancel, closing the dialog). */
  onBack: () => void;
  backLabel?: string;
  onConfirm: () => void;
  pending: boolean;
  danger?: boolean;
  confirmLabel: ReactNode;
}

/** The second step of a dialog that asks before it acts: the question, Back and confirm. */
export function ConfirmStep({
  children,
  failure,
  onBack,
  backLabel = 'Back',
  onConfirm,
  pending,
  danger,
  confirmLabel,
}: ConfirmStepProps) {
  return (
    <div className="space-y-4">
      {children}
      {failure && <Alert>{failure}</Alert>}
      <DialogActions
        cancelLabel={backLabel}
        onCancel={onBack}
        onConfirm={onConfirm}
        danger={danger}
        pending={pending}
      >
        {confirmLabel}
      </DialogActions>
    </div>
  );
}
