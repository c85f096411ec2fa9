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
  return (
    <>
      <TextField
        id={`${idPrefix}-from`}
        label="From"
        type="date"
        value={from}
        max={to || latest}
        error={errors.from}
        onChange={(event) => onChange('from', event.target.value)}
      />
      <TextField
        id={`${idPrefix}-to`}
        label="To"
        type="date"
        value={to}
        min={from || undefined}
        max={latest}
        error={errors.to}
        onChange={(event) => onChange('to', event.target.value)}
      />
    </>
  );
}
