import type { ReactNode } from 'react';
import type { Configuration } from '../api/get-settings';

type Row = [label: string, value: ReactNode];

const notSet = <span className="text-slate-500">Not set</span>;

interface PanelProps {
  id: string;
  title: string;
  rows: Row[];
}

function Panel({ id, title, rows }: PanelProps) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <dl className="mt-3 space-y-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="mt-0.5 font-medium wrap-anywhere text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * What is configured through the server's environment, read-only. The server leaves
 * every secret out of its answer; only whether the webhook secret exists is shown.
 */
export function ConfigurationPanels({ configuration }: { configuration: Configuration }) {
  const { mail, payments, sms } = configuration;
  const panels: PanelProps[] = [
    {
      id: 'config-mail',
      title: 'Mail',
      rows: [
        ['Delivery', mail.mode === 'smtp' ? 'SMTP' : 'Outbox (kept on the server, not sent)'],
        ['SMTP server', mail.smtp ?? notSet],
        ['From address', mail.from],
        ['Support e-mail', mail.supportEmail],
      ],
    },
    {
      id: 'config-payments',
      title: 'Payments',
      rows: [
        ['Provider', payments.provider === 'stripe' ? 'Stripe' : 'Sandbox'],
        ['Publishable key', payments.publishableKey ?? notSet],
        [
          'Webhook secret',
          <span
            key="secret"
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              payments.webhookSecretSet
                ? 'bg-green-100 text-green-800'
                : 'bg-slate-100 text-slate-700'
            }`}
          >
            {payments.webhookSecretSet ? 'Secret set' : 'Not set'}
          </span>,
        ],
        ['API base', payments.apiBase],
      ],
    },
    {
      id: 'config-sms',
      title: 'SMS',
      rows: [
        ['Provider', sms.provider],
        ['Gateway URL', sms.url ?? notSet],
      ],
    },
  ];
  return (
    <section aria-labelledby="configuration-heading" className="space-y-3">
      <div>
        <h2 id="configuration-heading" className="text-lg font-semibold text-slate-900">
          Configuration
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Set through the server&apos;s environment variables; shown here read-only.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {panels.map((panel) => (
          <Panel key={panel.id} {...panel} />
        ))}
      </div>
    </section>
  );
}
