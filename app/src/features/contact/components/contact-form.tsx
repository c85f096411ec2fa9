import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { EmailField } from '../../../components/ui/forms/account-fields';
import { TextAreaField, TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, isApiError, messageOf } from '../../../lib/api-client';
import { validateContact } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { sendContactMessage, type ContactMessage } from '../api/send-contact';

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useCoreForm<ContactMessage>({
    initial: empty,
    validate: (values) => validateContact(values),
    revealOnBlur: false,
  });
  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: (data) => {
      toast.success(data.message);
      form.reset(empty);
      requestAnimationFrame(() => confirmation.current?.focus());
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.errors) {
        form.setServerErrors(fieldErrorsOf(error));
        return;
      }
      toast.error(messageOf(error, 'Your message could not be sent. Please try again.'));
    },
  });

  return (
    <div className="space-y-6">
      {mutation.isSuccess && (
        <div
          ref={confirmation}
          tabIndex={-1}
          role="status"
          className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-800"
        >
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">Message sent</p>
            <p className="text-sm">{mutation.data.message}</p>
          </div>
        </div>
      )}
      <form
        noValidate
        aria-label="Contact us"
        className="space-y-5"
        onSubmit={form.submit((values) =>
          mutation.mutate({
            name: values.name.trim(),
            email: values.email.trim(),
            subject: values.subject.trim(),
            message: values.message.trim(),
          }),
        )}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="contact-name"
            label="Name"
            autoComplete="name"
            required
            {...form.text('name')}
          />
          <EmailField id="contact-email" label="Email" required {...form.text('email')} />
        </div>
        <TextField id="contact-subject" label="Subject" required {...form.text('subject')} />
        <TextAreaField
          id="contact-message"
          label="Message"
          rows={6}
          required
          {...form.text('message')}
        />
        <Button type="submit" size="lg" loading={mutation.isPending}>
          Send Message
        </Button>
      </form>
    </div>
  );
}
