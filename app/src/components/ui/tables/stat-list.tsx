export interface Stat {
  label: string;
  value: string;
}

interface StatListProps {
  stats: readonly Stat[];
  /** The grid's columns, e.g. `sm:grid-cols-3`. */
  columns: string;
  /** The figures' size, e.g. `text-3xl`. */
  size: string;
}

/** Headline figures of a marketing page ("150+ Countries"), label above value. */
export function StatList({ stats, columns, size }: StatListProps) {
  return (
    <dl className={`mx-auto grid max-w-5xl ${columns} text-center`}>
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt className="text-sm font-medium tracking-wide text-slate-500 uppercase">
            {stat.label}
          </dt>
          <dd className={`mt-1 ${size} font-extrabold text-brand-600`}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
