import { DateRangeFields } from '../../../components/ui/forms/date-range-fields';
import { FilterBar } from '../../../components/ui/tables/filter-bar';
import { SelectField } from '../../../components/ui/forms/select-field';
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
    <FilterBar
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[1fr_auto_auto_auto] xl:items-end"
      search={{
        id: 'audit-search',
        placeholder: 'Search by administrator or target...',
        value: search,
        onChange: (value) => onChange('search', value),
        className: 'sm:col-span-2 xl:col-span-1',
      }}
    >
      <div className="sm:col-span-2 xl:col-span-1">
        <SelectField
          id="audit-action-filter"
          label="Action"
          value={action}
          onChange={(event) => onChange('action', event.target.value)}
          options={actionFilterOptions}
        />
      </div>
      <DateRangeFields idPrefix="audit" from={from} to={to} onChange={onChange} />
    </FilterBar>
  );
}
