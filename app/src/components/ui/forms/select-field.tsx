import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldShell, useFieldControl } from './text-field';

export const selectClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A select's options from values and their labels, in the labels' order; with `all`, first
 * an empty value that means no filter ("All Types").
 */
export function optionsOf(labels: Partial<Record<string, string>>, all?: string): SelectOption[] {
  const options = Object.entries(labels).map(([value, label]) => ({
    value,
    label: label ?? value,
  }));
  return all === undefined ? options : [{ value: '', label: all }, ...options];
}

/** A select's `<option>`s. */
export function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: SelectOption[];
  error?: string;
}

/** A labelled select with its message below, like TextField. */
export function SelectField({ label, options, error, id, className, ...rest }: SelectFieldProps) {
  const field = useFieldControl(id, { error, className, base: selectClass });
  return (
    <FieldShell id={field.id} label={label} error={error}>
      <select {...field} {...rest}>
        <Options options={options} />
      </select>
    </FieldShell>
  );
}
