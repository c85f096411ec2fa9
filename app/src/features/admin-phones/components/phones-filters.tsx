import { Search } from 'lucide-react';
import { SelectField } from '../../../components/ui/select-field';
import { statusFilterOptions, typeFilterOptions } from './phone-labels';

interface PhonesFiltersProps {
  search: string;
  type: string;
  status: string;
  onSearch: (value: string) => void;
  onType: (value: string) => void;
  onStatus: (value: string) => void;
}

export function PhonesFilters(props: PhonesFiltersProps) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
      <div className="relative flex-1">
        <label htmlFor="phone-search" className="mb-1 block text-sm font-medium text-slate-700">
          Search
        </label>
        <Search
          className="pointer-events-none absolute bottom-2.5 left-3 h-4 w-4 text-slate-400"
          aria-hidden="true"
        />
        <input
          id="phone-search"
          type="search"
          placeholder="Search numbers..."
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <SelectField
          id="phone-type-filter"
          label="Type"
          value={props.type}
          onChange={(event) => props.onType(event.target.value)}
          options={typeFilterOptions}
        />
        <SelectField
          id="phone-status-filter"
          label="Status"
          value={props.status}
          onChange={(event) => props.onStatus(event.target.value)}
          options={statusFilterOptions}
        />
      </div>
    </div>
  );
}
