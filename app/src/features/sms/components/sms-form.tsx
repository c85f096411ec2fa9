import { Send } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { PhoneField } from '../../../components/ui/forms/phone-field';
import { SelectField } from '../../../components/ui/forms/select-field';
import { fieldErrorsOf, isApiError, messageOf } from '../../../lib/api-client';
import { validateSms } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { useLiveSmsQuote } from '../api/quote-sms';
import { useSmsFormSend } from '../api/send-sms';
import { useActiveNumbers } from '../api/active-numbers';
import { SmsMessageFields } from './sms-message-fields';

type SmsValues = { to: string; message: string; from: string };

const empty: SmsValues = { to: '', message: '', from: '' };

function request(values: SmsValues) {
  return { to: values.to.trim(), message: values.message, from: values.from || undefined };
}

function isValid(values: SmsValues): boolean {
  return Object.keys(validateSms(values)).length === 0;
}

export function SmsForm() {
  const form = useCoreForm<SmsValues>({
    initial: empty,
    validate: (values) => validateSms(values),
    revealOnBlur: false,
  });
  const quote = useLiveSmsQuote(form.values, form.isValid, (settled) =>
    isValid(settled) ? { to: settled.to.trim(), message: settled.message } : null,
  );
  const sender = useSmsFormSend();
  const numbers = useActiveNumbers();

  function send(values: SmsValues) {
    sender.send(
      request(values),
      () => form.reset({ to: values.to, message: '', from: values.from }),
      (error) => {
        if (isApiError(error) && error.status === 400 && error.errors) {
          form.setServerErrors(fieldErrorsOf(error));
        } else {
          toast.error(messageOf(error, 'The message could not be sent. Please try again.'));
        }
      },
    );
  }

  return (
    <form noValidate aria-label="Send SMS" className="space-y-5" onSubmit={form.submit(send)}>
      {numbers.length > 1 && (
        <SelectField
          id="sms-from"
          label="From"
          options={[
            { value: '', label: 'Your first number (default)' },
            ...numbers.map((n) => ({ value: n, label: n })),
          ]}
          {...form.text('from')}
        />
      )}
      <PhoneField id="sms-to" label="Recipient" required {...form.text('to')} />
      <SmsMessageFields
        id="sms-message"
        label="Message"
        rows={5}
        field={form.text('message')}
        quote={quote}
        shortfall={sender.shortfall}
      />
      <Button type="submit" size="lg" loading={sender.pending}>
        <Send className="h-4 w-4" aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}
