import { X } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { SelectField } from '../../../components/ui/forms/select-field';
import { DAYS, type Day, type IvrInterval } from './flow-steps';
import { LinkSelect } from './link-select';
import { stepControls, type FieldsProps } from './simple-fields';

const input =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

const dayName = (day: Day) => day[0].toUpperCase() + day.slice(1);

interface TimeBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** An interval's end as "HH:MM". A text box, not a time input: closing at midnight is
 * "24:00", which a time input refuses, and it reads the same in every browser. */
function TimeBox({ label, placeholder, value, onChange }: TimeBoxProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      size={5}
      placeholder={placeholder}
      className={input}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Every IANA zone the browser knows, the step's own first when it knows it not. */
function useZones(current: string) {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    const all = current && !zones.includes(current) ? [current, ...zones] : zones;
    return [
      { value: '', label: 'Choose a time zone' },
      ...all.map((z) => ({ value: z, label: z })),
    ];
  }, [current]);
}

/** Business hours: open intervals per weekday in a time zone, holidays closed all day,
 * and the step each case leads to. */
export function HoursFields({ step, ids, onChange }: FieldsProps<'hours'>) {
  const bind = stepControls(step, onChange);
  const zones = useZones(step.timeZone);
  const setDay = (day: Day, intervals: IvrInterval[]) =>
    onChange({ ...step, weekly: { ...step.weekly, [day]: intervals } });
  const setHolidays = (holidays: string[]) => onChange({ ...step, holidays });

  return (
    <>
      <SelectField label="Time zone" options={zones} {...bind.text('timeZone')} />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Open hours</legend>
        {DAYS.map((day) => {
          const intervals = step.weekly[day] ?? [];
          return (
            <div key={day} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="w-24 font-medium text-slate-700">{dayName(day)}</span>
              {intervals.length === 0 && <span className="text-slate-500">Closed</span>}
              {intervals.map((interval, i) => {
                const set = (patch: Partial<IvrInterval>) =>
                  setDay(
                    day,
                    intervals.map((x, j) => (j === i ? { ...x, ...patch } : x)),
                  );
                return (
                  <span key={i} className="inline-flex items-center gap-1">
                    <TimeBox
                      label={`${dayName(day)} opens`}
                      placeholder="09:00"
                      value={interval.from}
                      onChange={(from) => set({ from })}
                    />
                    <span aria-hidden="true">–</span>
                    <TimeBox
                      label={`${dayName(day)} closes`}
                      placeholder="17:00"
                      value={interval.to}
                      onChange={(to) => set({ to })}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${dayName(day)} hours ${i + 1}`}
                      onClick={() =>
                        setDay(
                          day,
                          intervals.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </span>
                );
              })}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDay(day, [...intervals, { from: '09:00', to: '17:00' }])}
              >
                Add <span className="sr-only">{dayName(day)} </span>hours
              </Button>
            </div>
          );
        })}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          Holidays (closed all day)
        </legend>
        {step.holidays.map((date, i) => (
          <span key={i} className="mr-2 inline-flex items-center gap-1">
            <input
              type="date"
              className={input}
              aria-label={`Holiday ${i + 1}`}
              value={date}
              onChange={(event) =>
                setHolidays(step.holidays.map((d, j) => (j === i ? event.target.value : d)))
              }
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove holiday ${i + 1}`}
              onClick={() => setHolidays(step.holidays.filter((_, j) => j !== i))}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </span>
        ))}
        <div>
          <Button variant="secondary" size="sm" onClick={() => setHolidays([...step.holidays, ''])}>
            Add holiday
          </Button>
        </div>
      </fieldset>
      <LinkSelect
        label="When open"
        value={step.open}
        ids={ids}
        onChange={(open) => onChange({ ...step, open: open ?? '' })}
      />
      <LinkSelect
        label="When closed"
        value={step.closed}
        ids={ids}
        onChange={(closed) => onChange({ ...step, closed: closed ?? '' })}
      />
    </>
  );
}
