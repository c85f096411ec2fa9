import { Button } from '../../../components/ui/basics/button';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { usd } from '../../../lib/core';
import type { useAvailableNumbers } from '../api/get-available-numbers';

interface NumberStepProps {
  available: ReturnType<typeof useAvailableNumbers>;
  selected: string | null;
  onChoose: (id: number) => void;
  onTryAnotherType: () => void;
}

export function NumberStep({ available, selected, onChoose, onTryAnotherType }: NumberStepProps) {
  if (available.isPending) {
    return <LoadingStatus label="Loading numbers..." />;
  }
  if (available.isError) {
    return <QueryLoadError query={available} fallback="Could not load the available numbers." />;
  }
  if (available.data.numbers.length === 0) {
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
            <span className="font-mono text-base font-semibold text-slate-900">{item.number}</span>
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
