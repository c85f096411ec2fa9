import { Search } from 'lucide-react';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { actionFilterOptions } from './audit-labels';

interface AuditFiltersProps {
  search: string;
  action: string;
  from: string;
  to: string;
  onChange: (name: 'search' | 'action' | 'from' | 'to', value: string) => void;
}

export function AuditFilters({ search, action, from, to, onChange }: AuditFiltersProps) {
  return (
    <div className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 xl:grid-cols-[1fr_auto_auto_auto] xl:items-end">
      <div className="relative sm:col-span-2 xl:col-span-1">
        <label htmlFor="audit-search" className="mb-1 block text-sm font-medium text-slate-700">
          Search
        </label>
        <Search
          className="pointer-events-none absolute bottom-2.5 left-3 h-4 w-4 text-slate-400"
          aria-hidden="true"
        />
        <input
          id="audit-search"
          type="search"
          placeholder="Search by administrator or target..."
          value={search}
          onChange={(event) => onChange('search', event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <div className="sm:col-span-2 xl:col-span-1">
        <SelectField
          id="audit-action-filter"
          label="Action"
          value={action}
          onChange={(event) => onChange('action', event.target.value)}
          options={actionFilterOptions}
        />
      </div>
      <TextField
        id="audit-from"
        label="From"
        type="date"
        value={from}
        max={to || undefined}
        onChange={(event) => onChange('from', event.target.value)}
      />
      <TextField
        id="audit-to"
        label="To"
        type="date"
        value={to}
        min={from || undefined}
        onChange={(event) => onChange('to', event.target.value)}
      />
    </div>
  );
}
