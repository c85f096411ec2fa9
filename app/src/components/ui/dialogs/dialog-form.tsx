import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '../feedback/alert';
import { DialogActions } from './dialog-actions';

export interface DialogFormProps {
  onClose: () => void;
  /** The form's accessible name, when the dialog's title is not enough. */
  label?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While the form's call runs: the buttons wait. */
  pending: boolean;
  /** A failure none of the fields explains, shown above the buttons. */
  failure?: ReactNode;
  submitLabel: ReactNode;
  /** Disables the submit button, e.g. until there is something to send. */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** The form inside a dialog: its fields, what went wrong, then Cancel and submit. */
export function DialogForm({
  onClose,
  label,
  onSubmit,
  pending,
  failure,
  submitLabel,
  submitDisabled,
  children,
}: DialogFormProps) {
  return (
    <form noValidate aria-label={label} className="space-y-4" onSubmit={onSubmit}>
      {children}
      {failure && <Alert>{failure}</Alert>}
      <DialogActions onCancel={onClose} pending={pending} disabled={submitDisabled}>
        {submitLabel}
      </DialogActions>
    </form>
  );
}
