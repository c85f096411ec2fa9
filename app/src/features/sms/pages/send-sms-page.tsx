import { usePageMeta } from '../../../lib/use-page-meta';
import { TrialPanel } from '../../trial/components/trial-panel';
import { RecentMessages } from '../components/recent-messages';
import { SmsForm } from '../components/sms-form';

export function SendSmsPage() {
  usePageMeta('Send SMS', 'Send a text message from your account to any mobile number.');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Send SMS</h1>
        <p className="mt-1 text-slate-600">
          Send a text message from your account to any mobile number.
        </p>
      </div>
      <TrialPanel />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section
          aria-label="New message"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <SmsForm />
        </section>
        <RecentMessages />
      </div>
    </div>
  );
}
