import { AppPage } from '../../../components/ui/layout/app-page';
import { TrialPanel } from '../../trial/components/trial-panel';
import { RecentMessages } from '../components/recent-messages';
import { SmsForm } from '../components/sms-form';

export function SendSmsPage() {
  return (
    <AppPage
      title="Send SMS"
      description="Send a text message from your account to any mobile number."
    >
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
    </AppPage>
  );
}
