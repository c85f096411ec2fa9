import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { TextAreaField, TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validateEmailMessage } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import type { AdminUserItem } from '../api/get-users';
import { sendUserEmail } from '../api/send-user-email';

type EmailValues = { subject: string; body: string };

interface SendEmailDialogProps {
  user: AdminUserItem;
  onClose: () => void;
}

export function SendEmailDialog({ user, onClose }: SendEmailDialogProps) {
  const form = useCoreForm<EmailValues>({
    initial: { subject: '', body: '' },
    validate: (values) => validateEmailMessage(values),
  });
  const send = useMutation({
    mutationFn: (values: EmailValues) =>
      sendUserEmail(user.id, { subject: values.subject.trim(), body: values.body.trim() }),
    onSuccess: (result) => {
      toast.success(result.message);
      onClose();
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    send.isError && Object.keys(fieldErrorsOf(send.error)).length === 0
      ? messageOf(send.error, 'Could not send the email. Please try again.')
      : null;

  return (
    <FormDialog
      size="lg"
      title="Send Email"
      description={`To ${user.name} <${user.email}>`}
      onClose={onClose}
      onSubmit={form.submit((values) => send.mutate(values))}
      pending={send.isPending}
      failure={failure}
      submitLabel="Send Email"
    >
      <TextField
        id="email-subject"
        label="Subject"
        autoComplete="off"
        required
        {...form.text('subject')}
      />
      <TextAreaField id="email-body" label="Message" rows={8} required {...form.text('body')} />
    </FormDialog>
  );
}
