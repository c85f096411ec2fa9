import type { ReactNode } from 'react';
import { Button } from '../basics/button';

interface DialogActionsProps {
  /** The main button's text. */
  children: ReactNode;
  /** Without it the main button submits the form; with it the button acts and takes the focus. */
  onConfirm?: () => void;
  pending?: boolean;
  disabled?: boolean;
  danger?: boolean;
  /** The secondary button: Cancel, or Back from a confirmation step. */
  cancelLabel?: string;
  onCancel: () => void;
  /** Disables the secondary button; by default it waits while the action is in flight. */
  cancelDisabled?: boolean;
  className?: string;
}

/** A dialog's (or a form's) two buttons: stacked main-first on phones, side by side at the right otherwise. */
export function DialogActions({
  children,
  onConfirm,
  pending = false,
  disabled,
  danger = false,
  cancelLabel = 'Cancel',
  onCancel,
  cancelDisabled = pending,
  className = '',
}: DialogActionsProps) {
  return (
    <div className={`${className} flex flex-col-reverse gap-3 sm:flex-row sm:justify-end`.trim()}>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        autoFocus={onConfirm !== undefined}
        variant={danger ? 'danger' : 'primary'}
        loading={pending}
        disabled={disabled}
        onClick={onConfirm}
      >
        {children}
      </Button>
    </div>
  );
}
