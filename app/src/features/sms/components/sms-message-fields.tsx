import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/feedback/alert';
import { TextAreaField } from '../../../components/ui/forms/text-field';
import { SmsCounter } from './sms-counter';
import { SmsQuote } from './sms-quote';

type FieldProps = Omit<
  ComponentProps<typeof TextAreaField>,
  'id' | 'label' | 'rows' | 'required' | 'placeholder' | 'hint'
>;

/**
 * The message part of every SMS form (Send SMS, a reply in Messages): the text with
 * core's counter, the live quote, and why the balance cannot send it.
 */
export function SmsMessageFields({
  id,
  label,
  rows,
  field,
  quote,
  shortfall,
}: {
  id: string;
  label: string;
  rows: number;
  /** The form's message field; its value is what the counter counts. */
  field: FieldProps & { value: string };
  quote: ComponentProps<typeof SmsQuote>;
  shortfall: string | null;
}) {
  return (
    <>
      <TextAreaField
        id={id}
        label={label}
        rows={rows}
        required
        placeholder="Type your message"
        hint={<SmsCounter message={field.value} />}
        {...field}
      />
      <SmsQuote {...quote} />
      {shortfall && (
        <Alert>
          {shortfall}{' '}
          <Link to={paths.client.deposit} className="font-semibold underline">
            Add funds
          </Link>
        </Alert>
      )}
    </>
  );
}
