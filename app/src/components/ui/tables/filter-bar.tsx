import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { SelectField, type SelectOption } from '../forms/select-field';

export interface SearchFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The visible label, "Search" unless told. */
  label?: string;
  /** Only screen readers read the label (a search box standing alone in a header). */
  hideLabel?: boolean;
  className?: string;
}

/** A search box with its magnifier icon. */
export function SearchField({
  id,
  value,
  onChange,
  placeholder,
  label = 'Search',
  hideLabel = false,
  className = '',
}: SearchFieldProps) {
  return (
    <div className={`relative ${className}`}>
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}
      >
        {label}
      </label>
      <Search
        className="pointer-events-none absolute bottom-2.5 left-3 h-4 w-4 text-slate-400"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
    </div>
  );
}

export interface FilterSelect {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
}

interface FilterBarProps {
  search: SearchFieldProps;
  /** Selects beside the search box; two or more sit side by side on a phone. */
  selects?: FilterSelect[];
  /** Further filters after the selects. */
  children?: ReactNode;
  /** The bar's layout, replacing the default row of search box and selects. */
  className?: string;
}

/** The filters above a list: a search box, then selects and other fields. */
export function FilterBar({
  search,
  selects = [],
  children,
  className = 'flex flex-col gap-3 sm:flex-row sm:items-end',
}: FilterBarProps) {
  const fields = selects.map(({ id, label, value, onChange, options }) => (
    <SelectField
      key={id}
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={options}
    />
  ));
  return (
    <div className={`border-b border-slate-200 p-4 ${className}`}>
      <SearchField className="flex-1" {...search} />
      {fields.length > 1 ? <div className="grid grid-cols-2 gap-3 sm:flex">{fields}</div> : fields}
      {children}
    </div>
  );
}
