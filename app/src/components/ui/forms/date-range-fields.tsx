import { TextField } from './text-field';

interface DateRangeFieldsProps {
  /** The fields' ids are `<idPrefix>-from` and `<idPrefix>-to`. */
  idPrefix: string;
  /** YYYY-MM-DD or empty. */
  from: string;
  to: string;
  onChange: (name: 'from' | 'to', value: string) => void;
  /** The last day either date may be, e.g. today. */
  latest?: string;
  errors?: { from?: string; to?: string };
}

/** From and To date fields; neither lets the user pick a day beyond the other. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onChange,
  latest,
  errors = {},
}: DateRangeFieldsProps) {
  const fields = [
    { name: 'from', label: 'From', value: from, min: undefined, max: to || latest },
    { name: 'to', label: 'To', value: to, min: from || undefined, max: latest },
  ] as const;
  return (
    <>
      {fields.map(({ name, ...field }) => (
        <TextField
          key={name}
          id={`${idPrefix}-${name}`}
          type="date"
          {...field}
          error={errors[name]}
          onChange={(event) => onChange(name, event.target.value)}
        />
      ))}
    </>
  );
}
