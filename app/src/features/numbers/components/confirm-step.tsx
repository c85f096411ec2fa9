import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/feedback/alert';
import { ChargeFailure } from '../../../components/ui/feedback/charge-failure';
import { Flag } from '../../../components/ui/basics/flag';
import { totalDueToday, usd } from '../../../lib/core';
import { formatDateTime } from '../../../lib/format-date';
import type { AvailableNumber } from '../api/get-available-numbers';
import type { BuyableCountry } from '../api/get-countries';
import { numberTypeLabel } from './number-types';

interface ConfirmStepProps {
  choice: AvailableNumber;
  /** The end of the account's trial when this number is its free trial number. */
  trialUntil?: string | null;
  country: BuyableCountry | undefined;
  /** The last failed purchase, if any (409 is handled by the page and never shown here). */
  error: unknown;
}

interface RowProps {
  label: string;
  value: ReactNode;
  strong?: boolean;
}

function Row({ label, value, strong = false }: RowProps) {
  return (
    <div className={`flex justify-between gap-4 py-2 ${strong ? 'font-semibold' : ''}`}>
      <dt className={strong ? 'text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className="text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function ConfirmStep({ choice, country, error, trialUntil }: ConfirmStepProps) {
  const trial = !!trialUntil;
  const total = trial ? '0' : totalDueToday(String(choice.price), String(choice.setup));
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 px-4 text-sm">
        <Row label="Number" value={choice.number} />
        <Row
          label="Country"
          value={
            country ? (
              <span className="inline-flex items-center gap-2">
                <Flag code={country.code} emoji={country.flag} />
                {country.name}
              </span>
            ) : (
              ''
            )
          }
        />
        <Row label="Type" value={numberTypeLabel(choice.type)} />
        <Row
          label="Monthly fee"
          value={trial ? `Free during your trial, then ${usd(choice.price)}` : usd(choice.price)}
        />
        <Row label="One-time setup fee" value={trial ? 'Free' : usd(choice.setup)} />
        <Row label="Total due today" value={usd(total)} strong />
      </dl>
      {trial ? (
        <p className="text-sm text-slate-600">
          This is your free trial number until {formatDateTime(trialUntil!)}. Add funds before then
          to keep it: from that day it bills {usd(choice.price)} a month. Otherwise it is released
          when the trial ends.
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          Your number bills monthly until cancelled: {usd(choice.price)} is charged to your balance
          every month, and you can stop the renewal at any time from My Numbers.
        </p>
      )}
      {error !== null && error !== undefined && (
        <Alert>
          <ChargeFailure error={error} fallback="Could not buy the number. Please try again." />
        </Alert>
      )}
    </div>
  );
}
