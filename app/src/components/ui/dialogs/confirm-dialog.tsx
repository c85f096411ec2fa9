import type { ReactNode } from 'react';
import { ConfirmStep } from './confirm-step';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. "Delete Germany (DE)?", or with `question` the paragraph that explains it. */
  children: ReactNode;
  /** A question in bold above the children, which then are one paragraph of text. */
  question?: ReactNode;
  /** The button that confirms, if it does not say what the title says. */
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  danger?: boolean;
  /** What went wrong with the last attempt, shown above the buttons. */
  error?: ReactNode;
}

/** Asks before an action runs; cannot be dismissed while the action is in flight. */
export function ConfirmDialog({
  title,
  children,
  question,
  confirmLabel = title,
  onConfirm,
  onClose,
  pending = false,
  danger = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog open onClose={onClose} title={title} dismissible={!pending}>
      <ConfirmStep
        failure={error}
        onBack={onClose}
        backLabel="Cancel"
        onConfirm={onConfirm}
        pending={pending}
        danger={danger}
        confirmLabel={confirmLabel}
      >
        <div className="text-sm text-slate-700">
          {question === undefined ? (
            children
          ) : (
            <>
              <p className="font-medium text-slate-900">{question}</p>
              <p className="mt-2">{children}</p>
            </>
          )}
        </div>
      </ConfirmStep>
    </Dialog>
  );
}
