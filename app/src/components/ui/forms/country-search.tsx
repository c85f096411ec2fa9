import { useId } from 'react';
import { SearchField } from '../tables/filter-bar';

interface CountrySearchProps {
  value: string;
  onChange: (value: string) => void;
  /** The field's id, if the page needs to name it; unique to each field unless told. */
  id?: string;
  /** The field's width and placement, "w-full max-w-sm" unless told. */
  className?: string;
}

/** The search box above a list of countries; its label is for screen readers only. */
export function CountrySearch({
  value,
  onChange,
  id,
  className = 'w-full max-w-sm',
}: CountrySearchProps) {
  const ownId = useId();
  return (
    <SearchField
      id={id ?? ownId}
      value={value}
      onChange={onChange}
      label="Search countries"
      hideLabel
      placeholder="Search countries..."
      className={className}
    />
  );
}

/** What a country is found by; a list searches only the fields it gives. */
export interface SearchableCountry {
  name: string;
  /** The catalogue's code, e.g. "UK". */
  code: string;
  /** The ISO 3166 code, when it can differ from `code`, e.g. "GB". */
  iso?: string;
  /** The calling code without "+", e.g. "49". */
  callingCode?: string;
}

/**
 * Case-insensitive match on the country's name or codes; a calling code matches from its start,
 * with or without the "+" ("+4", "49" and "+49" all find Germany's 49).
 */
export function matchesCountry(country: SearchableCountry, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const { name, code, iso, callingCode } = country;
  if ([name, code, iso].some((text) => text?.toLowerCase().includes(needle))) return true;
  // A lone "+" is the start of any calling code: the list stays whole while one is typed.
  return callingCode?.startsWith(needle.replace(/^\+\s*/, '')) ?? false;
}

/** The empty state of a country list the search left nothing of. */
export function NoCountryMatches() {
  return (
    <p role="status" className="px-4 py-10 text-center text-slate-600">
      No countries match your search
    </p>
  );
}
