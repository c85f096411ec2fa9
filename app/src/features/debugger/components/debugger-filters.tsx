import {
  optionsOf,
  SelectField,
  type SelectOption,
} from '../../../components/ui/forms/select-field';
import type { DebuggerFilters as Filters } from '../api/get-debugger-events';

type FilterSelect = { name: keyof Filters; id: string; label: string; options: SelectOption[] };

// The two selects, each the filter of its name.
const selects: FilterSelect[] = [
  {
    name: 'source',
    id: 'debugger-source',
    label: 'Kind',
    options: optionsOf({
      '': 'Every kind',
      twiml: 'TwiML fetches',
      webhook: 'Webhooks',
      api: 'API errors',
    }),
  },
  {
    name: 'level',
    id: 'debugger-level',
    label: 'Outcome',
    options: optionsOf({
      '': 'Every outcome',
      error: 'Errors',
      warning: 'Warnings',
      info: 'Went through',
    }),
  },
];

interface DebuggerFiltersProps extends Filters {
  onChange: (name: keyof Filters, value: string) => void;
}

export function DebuggerFilters({ onChange, ...filters }: DebuggerFiltersProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {selects.map(({ name, ...select }) => (
        <SelectField
          key={name}
          {...select}
          value={filters[name]}
          onChange={(event) => onChange(name, event.target.value)}
        />
      ))}
    </div>
  );
}
