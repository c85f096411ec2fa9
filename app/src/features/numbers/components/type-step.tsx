import type { BuyableCountry, NumberType } from '../api/get-countries';
import { numberTypes, offers } from './number-types';

interface TypeStepProps {
  country: BuyableCountry | undefined;
  selected: string | null;
  onChoose: (type: NumberType) => void;
}

export function TypeStep({ country, selected, onChoose }: TypeStepProps) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {numberTypes.map((type) => {
        const available = country ? offers(country, type.value) : false;
        return (
          <li key={type.value}>
            <button
              type="button"
              disabled={!available}
              aria-pressed={selected === type.value}
              aria-describedby={`type-${type.value}-note`}
              onClick={() => onChoose(type.value)}
              className={`h-full w-full rounded-xl border p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60 enabled:hover:border-brand-400 enabled:hover:bg-brand-50 ${
                selected === type.value ? 'border-brand-500 bg-brand-50' : 'border-slate-200'
              }`}
            >
              <span className="block font-semibold text-slate-900">{type.label}</span>
              <span id={`type-${type.value}-note`} className="mt-1 block text-sm text-slate-600">
                {available
                  ? type.description
                  : `Not available in ${country?.name ?? 'this country'}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
