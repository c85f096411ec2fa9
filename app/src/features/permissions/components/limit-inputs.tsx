import { TextFieldGrid, type FieldProps } from '../../../components/ui/forms/text-field-grid';
import type { CapsInput } from '../../../lib/core';
import { limitFields } from './limit-fields';

type LimitField = (typeof limitFields)[number];

interface LimitInputsProps {
  /** Each field's id is this followed by its name. */
  idPrefix: string;
  hint?: (field: LimitField) => string;
  /** The form's props for a field (useCoreForm's `text`). */
  text: (name: keyof CapsInput) => FieldProps;
}

/** The six limits' fields, three a row: the customer's form and the platform's defaults. */
export function LimitInputs({ idPrefix, hint, text }: LimitInputsProps) {
  const fields = limitFields.map((f) => ({
    name: f.name,
    label: f.label,
    hint: hint?.(f),
    inputMode: f.money ? ('decimal' as const) : ('numeric' as const),
  }));
  return (
    <TextFieldGrid
      className="mt-5 grid gap-5 md:grid-cols-3"
      idPrefix={idPrefix}
      fields={fields}
      autoComplete="off"
      text={text}
    />
  );
}
