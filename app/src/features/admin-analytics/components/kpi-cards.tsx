import { FigurePlaceholder } from '../../../components/ui/feedback/figure-placeholder';
import { StatCard, StatCards } from '../../../components/ui/tables/stat-cards';
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
    <StatCards label="Call quality" columns="sm:grid-cols-2">
      {kpis.map((kpi) => (
        <StatCard
          key={kpi.label}
          testId={`kpi-${kpi.label}`}
          label={
            <>
              <abbr title={kpi.name} className="no-underline">
                {kpi.label}
              </abbr>{' '}
              <span className="font-normal">({kpi.name})</span>
            </>
          }
          size="text-3xl"
          value={loading ? <FigurePlaceholder size="h-8 w-16" /> : kpi.value}
          note={kpi.note}
        />
      ))}
    </StatCards>
  );
}
