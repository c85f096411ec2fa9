import { Gift } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { usd } from '../../../lib/core';
import { useTrial } from '../api/get-trial';
import { DemoPhonePanel } from './demo-phone-panel';
import { VerifyNumberForm } from './verify-number-form';

/** The free trial's days left, its credit and verified numbers; nothing outside a trial. */
export function TrialPanel() {
  const trial = useTrial();
  const t = trial.data;
  if (!t?.active) return null;
  const days = `${t.daysLeft} day${t.daysLeft === 1 ? '' : 's'} left`;
  return (
    <section
      aria-labelledby="trial-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="trial-heading"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <Gift className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Free trial: <span data-testid="trial-days-left">{days}</span>
        </h2>
        <Link to={paths.client.deposit} className="text-sm font-semibold text-brand-700 underline">
          Add funds to end the trial
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t.credit > 0
          ? `Your ${usd(t.credit)} trial credit pays for calls and SMS to the numbers you have verified. Trial messages start with "Dialtone trial:".`
          : `Verify your phone number to get ${usd(t.offeredCredit)} of trial credit for calls and SMS to the numbers you verify.`}
      </p>
      {t.verifiedNumbers.length > 0 && (
        <p className="mt-2 text-sm text-slate-700">
          Verified: <span className="font-medium">{t.verifiedNumbers.join(', ')}</span>
        </p>
      )}
      {t.numberOffer && (
        <p className="mt-2 text-sm text-slate-700">
          Your trial includes a free phone number for calls and texts.{' '}
          <Link to={paths.client.buyNumber} className="font-semibold text-brand-700 underline">
            Pick your trial number
          </Link>
        </p>
      )}
      {t.trialNumber && (
        <p className="mt-2 text-sm text-slate-700">
          Your trial number: <span className="font-medium">{t.trialNumber}</span>. Add funds before
          the trial ends to keep it.
        </p>
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="max-w-md">
          <VerifyNumberForm />
        </div>
        <DemoPhonePanel />
      </div>
    </section>
  );
}
