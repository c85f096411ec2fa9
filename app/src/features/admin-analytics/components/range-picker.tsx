import { Button } from '../../../components/ui/basics/button';
import { DateRangeFields } from '../../../components/ui/forms/date-range-fields';
import type { DateRange } from '../api/get-analytics';
import { lastDays, presets } from './date-range';

interface RangePickerProps {
  range: DateRange;
  errors: Partial<Record<keyof DateRange, string>>;
  onChange: (range: DateRange) => void;
}

export function RangePicker({ range, errors, onChange }: RangePickerProps) {
  const today = lastDays(1).to;
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <fieldset className="grid grid-cols-2 gap-3 sm:flex">
        <legend className="sr-only">Date range</legend>
        <DateRangeFields
          idPrefix="analytics"
          {...range}
          latest={today}
          errors={errors}
          onChange={(name, value) => onChange({ ...range, [name]: value })}
        />
      </fieldset>
      <div role="group" aria-label="Quick ranges" className="flex gap-2 sm:pt-6">
        {presets.map((days) => {
          const preset = lastDays(days);
          const active = preset.from === range.from && preset.to === range.to;
          return (
            <Button
              key={days}
              size="sm"
              variant={active ? 'primary' : 'secondary'}
              aria-pressed={active}
              title={`Last ${days} days`}
              onClick={() => onChange(preset)}
            >
              {days}d
            </Button>
          );
        })}
      </div>
    </div>
  );
}
