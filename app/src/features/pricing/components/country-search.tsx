import { Search } from 'lucide-react';

interface CountrySearchProps {
  value: string;
  onChange: (value: string) => void;
}

export function CountrySearch({ value, onChange }: CountrySearchProps) {
  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor="country-search" className="sr-only">
        Search countries
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        id="country-search"
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search countries..."
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
    </div>
  );
}

/** Case-insensitive match on the country name or its code. */
export function matchesCountry(country: { name: string; code: string }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return country.name.toLowerCase().includes(needle) || country.code.toLowerCase().includes(needle);
}
