import type { ComponentProps, ReactNode } from 'react';
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

interface SandboxCardFieldsetProps {
  text: (name: keyof CardValues) => TextProps;
  /** While the form is being sent. */
  disabled: boolean;
  /** Stripe's test card numbers that matter to this form, each with what it does. */
  cards: string[];
  /** More about the test cards, after the list. */
  children?: ReactNode;
}

/** The card's fields under one hidden legend, then the sandbox's notice of its test cards. */
export function SandboxCardFieldset({ text, disabled, cards, children }: SandboxCardFieldsetProps) {
  return (
    <>
      <fieldset disabled={disabled} className="space-y-4">
        <legend className="sr-only">Card details</legend>
        <CardFields text={text} />
      </fieldset>
      <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
        <p className="font-medium text-slate-700">Sandbox mode: no real card is charged.</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {cards.map((card) => (
            <li key={card}>{card}</li>
          ))}
        </ul>
        {children}
      </div>
    </>
  );
}
