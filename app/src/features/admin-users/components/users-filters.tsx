import { Search } from 'lucide-react';
import { SelectField } from '../../../components/ui/select-field';
import { roleFilterOptions, statusFilterOptions } from './user-labels';

interface UsersFiltersProps {
  search: string;
  status: string;
  role: string;
  onSearch: (value: string) => void;
  onStatus: (value: string) => void;
  onRole: (value: string) => void;
}

export function UsersFilters(props: UsersFiltersProps) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
      <div className="relative flex-1">
        <label htmlFor="user-search" className="mb-1 block text-sm font-medium text-slate-700">
          Search
        </label>
        <Search
          className="pointer-events-none absolute bottom-2.5 left-3 h-4 w-4 text-slate-400"
          aria-hidden="true"
        />
        <input
          id="user-search"
          type="search"
          placeholder="Search by name, email or phone..."
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <SelectField
          id="user-status-filter"
          label="Status"
          value={props.status}
          onChange={(event) => props.onStatus(event.target.value)}
          options={statusFilterOptions}
        />
        <SelectField
          id="user-role-filter"
          label="Role"
          value={props.role}
          onChange={(event) => props.onRole(event.target.value)}
          options={roleFilterOptions}
        />
      </div>
    </div>
  );
}
