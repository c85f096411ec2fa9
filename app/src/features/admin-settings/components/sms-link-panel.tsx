import { QueryStates } from '../../../components/ui/tables/query-states';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { formatDateTime } from '../../../lib/format-date';
import { useSmsLink, type SmsLink, type SmsLinkPage } from '../api/get-sms-link';
import { Section } from '../../../components/ui/layout/section';

const providers: Record<string, string> = {
  loopback: 'Loopback',
  http: 'HTTP gateway',
  smpp: 'SMPP',
};

function perMinute(n: number): string {
  return `${n} / min`;
}

function age(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

function LinkState({ link }: { link: SmsLink }) {
  const [label, tone] = link.stale
    ? ['Not reporting', 'bg-slate-100 text-slate-700']
    : link.bound
      ? ['Bound', 'bg-green-100 text-green-800']
      : ['Not bound', 'bg-red-100 text-red-800'];
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {label}
    </span>
  );
}

function LinkItem({ link }: { link: SmsLink }) {
  return (
    <li className="rounded-xl border border-slate-200 p-3" aria-label={`Link ${link.instanceId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium wrap-anywhere text-slate-900">
          {link.systemId}@{link.smscAddr}
        </span>
        <LinkState link={link} />
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Instance</dt>
          <dd className="wrap-anywhere text-slate-900">{link.instanceId}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{link.bound ? 'Bound since' : 'Last report'}</dt>
          <dd className="text-slate-900">
            {formatDateTime(link.bound && link.boundSince ? link.boundSince : link.updatedAt)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Submitted</dt>
          <dd className="text-slate-900">
            {perMinute(link.submittedPerMinute)} ({link.submittedTotal} parts in all)
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Receipts and inbound</dt>
          <dd className="text-slate-900">
            {perMinute(link.receivedPerMinute)} ({link.receivedTotal} in all)
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-500">Last error</dt>
          <dd className="wrap-anywhere text-slate-900">
            {link.lastError ? (
              <>
                {link.lastError}
                {link.lastErrorAt ? (
                  <span className="text-slate-500"> ({formatDateTime(link.lastErrorAt)})</span>
                ) : null}
              </>
            ) : (
              <span className="text-slate-500">None</span>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Body({ page }: { page: SmsLinkPage }) {
  const { queue } = page;
  return (
    <div className="mt-3 space-y-4 text-sm">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Provider</dt>
          <dd className="mt-0.5 font-medium text-slate-900">
            {providers[page.provider] ?? page.provider}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Queued messages</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{queue.queued}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Oldest queued</dt>
          <dd className="mt-0.5 font-medium text-slate-900">
            {queue.oldestQueuedSeconds == null ? (
              <span className="text-slate-500">None waiting</span>
            ) : (
              `${age(queue.oldestQueuedSeconds)} ago`
            )}
          </dd>
        </div>
      </dl>
      {page.provider !== 'smpp' ? (
        <p className="text-slate-600">
          {page.provider === 'loopback'
            ? 'Loopback provider: messages are marked delivered without a carrier.'
            : 'HTTP gateway: messages are handed to the gateway one request each; there is no carrier link.'}
        </p>
      ) : page.links.length === 0 ? (
        <p className="text-slate-600">No instance has reported an SMPP link yet.</p>
      ) : (
        <ul className="space-y-3">
          {page.links.map((link) => (
            <LinkItem key={link.instanceId} link={link} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The SMS carrier link: each instance's SMPP link, the provider and the queue waiting. */
export function SmsLinkPanel() {
  const link = useSmsLink();
  return (
    <Section id="sms-link-heading" title="SMS carrier link" className="min-w-0 p-4 sm:p-6">
      <QueryStates
        query={link}
        loading={<TableSkeleton label="Loading the carrier link..." rows={2} columns={3} />}
        error="Could not load the carrier link."
      >
        {(data) => <Body page={data} />}
      </QueryStates>
    </Section>
  );
}
