import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type TextFieldProps = ComponentProps<typeof TextField>;

/** A field's props from its form (useCoreForm's `text`) or shared by every field. */
export type FieldProps = Omit<TextFieldProps, 'label' | 'id'>;

/** One field of the grid: its form name, label, and any props of its own (hint, inputMode). */
export type GridField<N extends string> = { name: N } & Omit<TextFieldProps, 'name' | 'id'>;

interface TextFieldGridProps<N extends string> extends FieldProps {
  /** The grid's classes, its columns among them. */
  className: string;
  /** Each field's id is this followed by its name. */
  idPrefix: string;
  fields: readonly GridField<N>[];
  /** The form's props for a field (useCoreForm's `text`). */
  text: (name: N) => FieldProps;
}

/** A form's text fields laid out in a grid; other props apply to every field. */
export function TextFieldGrid<N extends string>({
  className,
  idPrefix,
  fields,
  text,
  ...shared
}: TextFieldGridProps<N>) {
  return (
    <div className={className}>
      {fields.map(({ name, ...field }) => (
        <TextField key={name} id={`${idPrefix}${name}`} {...shared} {...field} {...text(name)} />
      ))}
    </div>
  );
}
