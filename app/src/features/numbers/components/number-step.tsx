import { Button } from '../../../components/ui/basics/button';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import type { NumberSearch, useAvailableNumbers } from '../api/get-available-numbers';

type AvailableQuery = ReturnType<typeof useAvailableNumbers>;

const capabilityOptions = [
  { value: '', label: 'Voice or SMS' },
  { value: 'voice', label: 'Voice' },
  { value: 'sms', label: 'SMS' },
];

/** "Voice · SMS": what a number can do, as the server lists it. */
function capabilityText(capabilities: readonly string[]): string {
  return capabilities
    .map((c) => (c === 'sms' ? 'SMS' : c[0].toUpperCase() + c.slice(1)))
    .join(' · ');
}

interface NumberStepProps {
  available: AvailableQuery;
  /** The search fields' text, as typed. */
  search: NumberSearch;
  onSearch: (search: NumberSearch) => void;
  /** Whether the list was asked for with a search (a field's settled text). */
  searched: boolean;
  selected: string | null;
  onChoose: (id: number) => void;
  onTryAnotherType: () => void;
}

export function NumberStep({
  available,
  search,
  onSearch,
  searched,
  selected,
  onChoose,
  onTryAnotherType,
}: NumberStepProps) {
  const errors = fieldErrorsOf(available.error);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField
          id="number-search-prefix"
          label="Area code or prefix"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={search.prefix}
          onChange={(event) => onSearch({ ...search, prefix: event.target.value })}
          error={errors.prefix}
        />
        <TextField
          id="number-search-contains"
          label="Contains"
          hint="Digits or letters, e.g. 555 or CALL"
          autoComplete="off"
          maxLength={15}
          value={search.contains}
          onChange={(event) => onSearch({ ...search, contains: event.target.value })}
          error={errors.contains}
        />
        <SelectField
          id="number-search-capability"
          label="Can do"
          options={capabilityOptions}
          value={search.capability}
          onChange={(event) => onSearch({ ...search, capability: event.target.value })}
          error={errors.capability}
        />
      </div>
      <NumberList
        available={available}
        // A placeholder is the answer to the search before: one of the two had a search.
        searched={searched || available.isPlaceholderData}
        selected={selected}
        onChoose={onChoose}
        onTryAnotherType={onTryAnotherType}
      />
    </div>
  );
}

type NumberListProps = Omit<NumberStepProps, 'search' | 'onSearch'>;

function NumberList({
  available,
  searched,
  selected,
  onChoose,
  onTryAnotherType,
}: NumberListProps) {
  if (available.isPending) {
    return <LoadingStatus label="Loading numbers..." />;
  }
  if (available.isError) {
    const { prefix, contains, capability } = fieldErrorsOf(available.error);
    // A search the server refused: its message is under the field.
    if (prefix || contains || capability) return null;
    return <QueryLoadError query={available} fallback="Could not load the available numbers." />;
  }
  if (available.data.numbers.length === 0) {
    if (searched) return <EmptyStatus>No numbers match your search</EmptyStatus>;
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="font-medium text-slate-900">No numbers available</p>
        <Button variant="secondary" onClick={onTryAnotherType}>
          Try a different type
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy={available.isFetching}>
      {available.data.numbers.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            aria-pressed={selected === String(item.id)}
            onClick={() => onChoose(item.id)}
            className={`flex w-full flex-wrap items-center justify-between gap-2 rounded-xl border p-4 text-left transition-colors hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 ${
              selected === String(item.id) ? 'border-brand-500 bg-brand-50' : 'border-slate-200'
            }`}
          >
            <span>
              <span className="block font-mono text-base font-semibold text-slate-900">
                {item.number}
              </span>
              <span className="block text-xs text-slate-600">
                {capabilityText(item.capabilities)}
              </span>
            </span>
            <span className="text-sm text-slate-600">
              <span className="font-semibold text-slate-900">{usd(item.price)}</span>/mo
              <span className="block text-xs">Setup {usd(item.setup)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
