import type { ComponentProps, ReactNode } from 'react';
import { DialogActions } from '../dialogs/dialog-actions';
import { Alert } from '../feedback/alert';
import { FormCard } from './form-card';

interface SavedFormProps extends ComponentProps<typeof FormCard> {
  /** A failure none of the fields explains, shown above the buttons. */
  failure?: ReactNode;
  /** While the save runs: the buttons wait. */
  pending: boolean;
  /** Puts back what was saved. */
  onReset: () => void;
  /** By default Reset waits while the save runs. */
  resetDisabled?: boolean;
  submitDisabled?: boolean;
  submitLabel: ReactNode;
}

/** A FormCard of saved settings: its fields, what went wrong, then Reset and save (useSavedForm's `saving`). */
export function SavedForm({
  failure,
  pending,
  onReset,
  resetDisabled,
  submitDisabled,
  submitLabel,
  children,
  ...card
}: SavedFormProps) {
  return (
    <FormCard {...card}>
      {children}
      {failure && (
        <div className="mt-5">
          <Alert>{failure}</Alert>
        </div>
      )}
      <DialogActions
        className="mt-6"
        cancelLabel="Reset"
        onCancel={onReset}
        cancelDisabled={resetDisabled}
        pending={pending}
        disabled={submitDisabled}
      >
        {submitLabel}
      </DialogActions>
    </FormCard>
  );
}
