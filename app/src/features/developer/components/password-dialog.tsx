import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AccountPasswordField } from '../../../components/ui/forms/account-fields';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { fieldErrorsOf, messageOf, type FieldMessages } from '../../../lib/api-client';
import { validatePasswordChange } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';

type PasswordValues = { password: string };

// Core's rule for the current password of the settings form, under this form's field name.
function validate({ password }: PasswordValues): FieldMessages {
  const message = validatePasswordChange({ currentPassword: password }).currentPassword;
  return message ? { password: message } : {};
}

interface PasswordDialogProps<R> {
  title: string;
  /** Why the password is asked for, above the field. */
  children?: ReactNode;
  submitLabel: string;
  /** The call the password unlocks. */
  action: (password: string) => Promise<R>;
  onDone: (result: R) => void;
  onClose: () => void;
  /** The message when the call fails and the server gave none. */
  failure: string;
}

/** Asks for the account password before a call that shows or changes a secret. */
export function PasswordDialog<R>({
  title,
  children,
  submitLabel,
  action,
  onDone,
  onClose,
  failure,
}: PasswordDialogProps<R>) {
  const form = useCoreForm<PasswordValues>({
    initial: { password: '' },
    validate,
    revealOnBlur: false,
  });
  const run = useMutation({
    mutationFn: (values: PasswordValues) => action(values.password),
    onSuccess: onDone,
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const general = run.isError && Object.keys(fieldErrorsOf(run.error)).length === 0;
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={form.submit((values) => run.mutate(values))}
      pending={run.isPending}
      failure={general && messageOf(run.error, failure)}
      submitLabel={submitLabel}
    >
      {children}
      <AccountPasswordField id="developer-password" {...form.text('password')} />
    </FormDialog>
  );
}
