import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { ConfirmStep } from './confirm-step';
import { Dialog } from './dialog';
import { DialogActions } from './dialog-actions';

type DialogProps = Pick<ComponentProps<typeof Dialog>, 'title' | 'description'>;
type StepProps = Pick<
  ComponentProps<typeof ConfirmStep>,
  'failure' | 'onBack' | 'onConfirm' | 'confirmLabel'
>;

interface ConfirmFirstDialogProps extends DialogProps, StepProps {
  onClose: () => void;
  /** While the call runs: the dialog stays and the buttons wait. */
  pending: boolean;
  /** The question shows instead of the form. */
  confirming: boolean;
  /** The form's submit: moves on to the question once the fields are fine. */
  onContinue: FormEventHandler<HTMLFormElement>;
  /** The form's fields. */
  fields: ReactNode;
  /** Disables Continue, e.g. until something changed. */
  continueDisabled?: boolean;
  /** The step takes something away: both main buttons are red. */
  danger?: boolean;
  /** The question, and any detail under it. */
  children: ReactNode;
}

/**
 * A dialog whose call is asked about first: a form with Cancel and Continue, then the
 * question with Back and confirm. The screen keeps which step shows, so that a field the
 * server refused can send the user back to the form.
 */
export function ConfirmFirstDialog({
  title,
  description,
  onClose,
  pending,
  confirming,
  onContinue,
  fields,
  continueDisabled,
  danger,
  ...step
}: ConfirmFirstDialogProps) {
  return (
    <Dialog open onClose={onClose} dismissible={!pending} title={title} description={description}>
      {!confirming ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            // The form only leads to the question: it never navigates.
            event.preventDefault();
            onContinue(event);
          }}
        >
          {fields}
          <DialogActions onCancel={onClose} danger={danger} disabled={continueDisabled}>
            Continue
          </DialogActions>
        </form>
      ) : (
        <ConfirmStep {...step} danger={danger} pending={pending} />
      )}
    </Dialog>
  );
}
