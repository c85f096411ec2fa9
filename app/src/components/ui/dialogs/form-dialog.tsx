import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Alert } from '../feedback/alert';
import { Dialog } from './dialog';
import { DialogActions } from './dialog-actions';

type DialogProps = Pick<ComponentProps<typeof Dialog>, 'title' | 'description' | 'size'>;

interface FormDialogProps extends DialogProps {
  onClose: () => void;
  /** The form's accessible name, when the dialog's title is not enough. */
  label?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While the form's call runs: the dialog stays and the buttons wait. */
  pending: boolean;
  /** A failure none of the fields explains, shown above the buttons. */
  failure?: ReactNode;
  submitLabel: ReactNode;
  /** Disables the submit button, e.g. until there is something to send. */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** A dialog holding one form: its fields, what went wrong, then Cancel and submit. */
export function FormDialog({
  onClose,
  label,
  onSubmit,
  pending,
  failure,
  submitLabel,
  submitDisabled,
  children,
  ...dialog
}: FormDialogProps) {
  return (
    <Dialog open onClose={onClose} dismissible={!pending} {...dialog}>
      <form noValidate aria-label={label} className="space-y-4" onSubmit={onSubmit}>
        {children}
        {failure && <Alert>{failure}</Alert>}
        <DialogActions onCancel={onClose} pending={pending} disabled={submitDisabled}>
          {submitLabel}
        </DialogActions>
      </form>
    </Dialog>
  );
}
