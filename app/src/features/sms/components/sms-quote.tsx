import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import type { SmsQuote as Quote } from '../api/quote-sms';
import { partsText } from './sms-counter';

interface SmsQuoteProps {
  quote: Quote | undefined;
  error: unknown;
  /** The form is valid and its price is being worked out. */
  pending: boolean;
  /** The form is invalid: there is nothing to price yet. */
  idle: boolean;
}

/** The price of the message before it is sent, from the server's rates. */
export function SmsQuote({ quote, error, pending, idle }: SmsQuoteProps) {
  let text: string | null = null;
  let failed = false;
  if (idle) {
    text = null;
  } else if (pending) {
    text = 'Calculating cost...';
  } else if (error) {
    const fields = fieldErrorsOf(error);
    text = fields.to ?? fields.message ?? messageOf(error, 'The cost could not be calculated.');
    failed = true;
  } else if (quote) {
    text = `Cost: ${usd(quote.cost)} (${partsText(quote.segments)} to ${quote.country})`;
  }
  return (
    <p
      aria-live="polite"
      data-testid="sms-quote"
      className={`min-h-5 text-sm ${failed ? 'text-red-600' : 'text-slate-700'}`}
    >
      {text}
    </p>
  );
}
