import { CardText } from '../../../components/ui/layout/card-text';
import { Flag } from '../../../components/ui/basics/flag';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { useCountries } from '../api/get-countries';

interface CountryStepProps {
  selected: string | null;
  onChoose: (code: string) => void;
}

export function CountryStep({ selected, onChoose }: CountryStepProps) {
  const countries = useCountries();
  if (countries.isPending) {
    return <LoadingStatus label="Loading countries..." />;
  }
  if (countries.isError) {
    return <QueryLoadError query={countries} fallback="Could not load the countries." />;
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {countries.data.map((country) => (
        <li key={country.code}>
          <button
            type="button"
            aria-pressed={selected === country.code}
            onClick={() => onChoose(country.code)}
            className={`flex w-full items-center gap-3 rounded-xl border p-4 text-left transition-colors hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 ${
              selected === country.code ? 'border-brand-500 bg-brand-50' : 'border-slate-200'
            }`}
          >
            <Flag code={country.code} emoji={country.flag} size="lg" />
            <CardText title={country.name} detail={country.code} />
          </button>
        </li>
      ))}
    </ul>
  );
}
