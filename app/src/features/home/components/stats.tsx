import { StatList } from '../../../components/ui/tables/stat-list';
import { supportDays } from '../../contact/components/support-hours';

const stats = [
  { value: '150+', label: 'Countries' },
  { value: '99.9%', label: 'Uptime' },
  // The days the support team answers, from the contact page's hours.
  { value: supportDays, label: 'Support' },
];

export function Stats() {
  return (
    <section
      aria-label="Dialtone in numbers"
      className="border-b border-slate-200 bg-white px-4 py-12"
    >
      <StatList stats={stats} columns="gap-8 sm:grid-cols-3" size="text-4xl" />
    </section>
  );
}
