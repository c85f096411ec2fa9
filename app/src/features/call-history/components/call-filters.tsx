import { Search } from 'lucide-react';
import { useId } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import type { CallFilters as Filters } from '../api/get-calls';
import { statusFilterOptions, typeFilterOptions } from './call-labels';

interface CallFiltersProps {
  values: Filters;
  searchPlaceholder: string;
  searchLabel: string;
  onChange: (values: Filters) => void;
}

export function CallFilters({
  values,
  searchPlaceholder,
  searchLabel,
  onChange,
}: CallFiltersProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
      <div className="relative flex-1">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-slate-700">
          {searchLabel}
        </label>
        <Search
          className="pointer-events-none absolute bottom-2.5 left-3 h-4 w-4 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={`${id}-search`}
          type="search"
          placeholder={searchPlaceholder}
          value={values.search}
          onChange={(event) => onChange({ ...values, search: event.target.value })}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <SelectField
          id={`${id}-type`}
          label="Type"
          value={values.type}
          onChange={(event) => onChange({ ...values, type: event.target.value })}
          options={typeFilterOptions}
        />
        <SelectField
          id={`${id}-status`}
          label="Status"
          value={values.status}
          onChange={(event) => onChange({ ...values, status: event.target.value })}
          options={statusFilterOptions}
        />
      </div>
    </div>
  );
}
