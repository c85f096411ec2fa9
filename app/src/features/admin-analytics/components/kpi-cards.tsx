import { FigurePlaceholder } from '../../../components/ui/figure-placeholder';
import { formatDuration } from '../../../lib/core';

const percent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

interface Kpi {
  label: string;
  name: string;
  value: string;
  note: string;
}

interface KpiCardsProps {
  /** Undefined while loading. */
  asr: number | null | undefined;
  acd: number | null | undefined;
}

export function KpiCards({ asr, acd }: KpiCardsProps) {
  const loading = asr === undefined;
  const kpis: Kpi[] = [
    {
      label: 'ASR',
      name: 'Answer-seizure ratio',
      value: asr == null ? '—' : `${percent.format(asr)}%`,
      note: 'Share of calls that were answered',
    },
    {
      label: 'ACD',
      name: 'Average call duration',
      value: acd == null ? '—' : formatDuration(acd),
      note: 'Per answered call, in m:ss',
    },
  ];
  return (
    <ul aria-label="Call quality" className="grid gap-4 sm:grid-cols-2">
      {kpis.map((kpi) => (
        <li
          key={kpi.label}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid={`kpi-${kpi.label}`}
        >
          <h2 className="text-sm font-medium text-slate-600">
            <abbr title={kpi.name} className="no-underline">
              {kpi.label}
            </abbr>{' '}
            <span className="font-normal">({kpi.name})</span>
          </h2>
          <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
            {loading ? <FigurePlaceholder size="h-8 w-16" /> : kpi.value}
          </p>
          <p className="mt-1 text-xs text-slate-500">{kpi.note}</p>
        </li>
      ))}
    </ul>
  );
}
