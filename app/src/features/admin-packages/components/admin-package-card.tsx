import { Pencil, Trash2 } from 'lucide-react';
import { ActionsMenu } from '../../../components/ui/dialogs/actions-menu';
import { Badge } from '../../../components/ui/feedback/badge';
import { usd } from '../../../lib/core';
import type { AdminPackage } from '../api/get-admin-packages';

interface AdminPackageCardProps {
  item: AdminPackage;
  onEdit: () => void;
  onDelete: () => void;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function AdminPackageCard({ item, onEdit, onDelete }: AdminPackageCardProps) {
  const headingId = `admin-package-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-semibold text-slate-900">
            {item.name}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={item.status === 'active' ? 'green' : 'red'}>{item.status}</Badge>
            {item.popular && <Badge tone="blue">Most popular</Badge>}
          </div>
        </div>
        <ActionsMenu
          label={`Actions for ${item.name}`}
          items={[
            { label: 'Edit Package', icon: Pencil, onSelect: onEdit },
            { label: 'Delete Package', icon: Trash2, danger: true, onSelect: onDelete },
          ]}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <Fact label="Price" value={usd(item.price)} />
        <Fact label="Minutes" value={String(item.minutes)} />
        <Fact label="Validity" value={`${item.validity} days`} />
        <Fact label="Subscribers" value={String(item.subscribers)} />
      </dl>
      {item.savingText && (
        <p className="mt-3 text-sm font-semibold text-green-700">{item.savingText}</p>
      )}
      <div className="mt-4 border-t border-slate-200 pt-3">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Features</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {item.highlights.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
