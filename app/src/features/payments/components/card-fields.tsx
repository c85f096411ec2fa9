import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/forms/text-field';
import { validateCard } from '../../../lib/core';

export type CardValues = { cardNumber: string; expMonth: string; expYear: string; cvc: string };

export const emptyCard: CardValues = { cardNumber: '', expMonth: '', expYear: '', cvc: '' };

// The short fields after the card number: all digits, in the browser's card autofill.
const shortFields = [
  {
    name: 'expMonth',
    id: 'card-exp-month',
    label: 'Expiry month',
    autoComplete: 'cc-exp-month',
    placeholder: 'MM',
    maxLength: 2,
  },
  {
    name: 'expYear',
    id: 'card-exp-year',
    label: 'Expiry year',
    autoComplete: 'cc-exp-year',
    placeholder: 'YYYY',
    maxLength: 4,
  },
  {
    name: 'cvc',
    id: 'card-cvc',
    label: 'CVC',
    autoComplete: 'cc-csc',
    placeholder: '123',
    maxLength: 4,
  },
] as const;

/** Core's card rules as of today (core has no clock). */
export function validateToday(values: CardValues) {
  const today = new Date();
  return validateCard(values, today.getFullYear(), today.getMonth() + 1);
}

type TextProps = Omit<ComponentProps<typeof TextField>, 'id' | 'label'>;

/** The card number, expiry and CVC, as the sandbox's card forms ask for them. */
export function CardFields({ text }: { text: (name: keyof CardValues) => TextProps }) {
  return (
    <>
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        {...text('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {shortFields.map(({ name, ...field }) => (
          <TextField key={name} inputMode="numeric" {...field} {...text(name)} />
        ))}
      </div>
    </>
  );
}
