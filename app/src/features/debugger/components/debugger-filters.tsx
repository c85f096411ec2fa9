import { SelectField } from '../../../components/ui/forms/select-field';
import type { DebuggerFilters as Filters } from '../api/get-debugger-events';

const sources = [
  { value: '', label: 'TwiML and webhooks' },
  { value: 'twiml', label: 'TwiML fetches' },
  { value: 'webhook', label: 'Webhooks' },
];

const levels = [
  { value: '', label: 'Every outcome' },
  { value: 'error', label: 'Errors' },
  { value: 'warning', label: 'Warnings' },
  { value: 'info', label: 'Went through' },
];

interface DebuggerFiltersProps extends Filters {
  onChange: (name: keyof Filters, value: string) => void;
}

export function DebuggerFilters({ source, level, onChange }: DebuggerFiltersProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        id="debugger-source"
        label="Kind"
        value={source}
        onChange={(event) => onChange('source', event.target.value)}
        options={sources}
      />
      <SelectField
        id="debugger-level"
        label="Outcome"
        value={level}
        onChange={(event) => onChange('level', event.target.value)}
        options={levels}
      />
    </div>
  );
}
