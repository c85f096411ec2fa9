import { Send } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { fieldErrorsOf, isApiError, messageOf, type FieldMessages } from '../../../lib/api-client';
import { validateSms } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { useLiveSmsQuote } from '../../sms/api/quote-sms';
import { useSmsFormSend } from '../../sms/api/send-sms';
import type { ConversationId } from '../api/get-conversation';
import { SmsMessageFields } from '../../sms/components/sms-message-fields';

type ReplyValues = { message: string };

/** Core's rules for the reply as an SMS to the conversation's contact: only the message is typed here. */
function errorsOf(contact: string, values: ReplyValues): FieldMessages {
  const { message } = validateSms({ to: contact, message: values.message });
  return message ? { message } : {};
}

/** A reply in the open conversation, sent from the conversation's own number. */
export function ReplyForm({ id }: { id: ConversationId }) {
  const form = useCoreForm<ReplyValues>({
    initial: { message: '' },
    validate: (values) => errorsOf(id.contact, values),
    revealOnBlur: false,
  });
  const quote = useLiveSmsQuote(form.values, form.isValid, (settled) =>
    Object.keys(errorsOf(id.contact, settled)).length === 0
      ? { to: id.contact, message: settled.message }
      : null,
  );
  const sender = useSmsFormSend();

  function send(values: ReplyValues) {
    sender.send(
      { to: id.contact, message: values.message, from: id.number },
      () => form.reset({ message: '' }),
      (error) => {
        const fields = fieldErrorsOf(error);
        if (isApiError(error) && error.status === 400 && fields.message) {
          form.setServerErrors({ message: fields.message });
        } else {
          const fallback = 'The message could not be sent. Please try again.';
          toast.error(fields.from ?? fields.to ?? messageOf(error, fallback));
        }
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={`Reply to ${id.contact}`}
      className="space-y-3 border-t border-slate-200 p-4 sm:px-6"
      onSubmit={form.submit(send)}
    >
      <SmsMessageFields
        id="reply-message"
        label="Reply"
        rows={3}
        field={form.text('message')}
        quote={quote}
        shortfall={sender.shortfall}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={sender.pending}>
          <Send className="h-4 w-4" aria-hidden="true" />
          Send
        </Button>
      </div>
    </form>
  );
}
