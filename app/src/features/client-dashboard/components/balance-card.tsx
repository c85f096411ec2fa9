import { Wallet } from 'lucide-react';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { usd } from '../../../lib/core';

export function BalanceCard({ balance }: { balance: number }) {
  return (
    <section
      aria-labelledby="balance-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-6 text-white shadow-lg"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="balance-heading" className="text-sm font-medium text-brand-100">
            Account balance
          </h2>
          <p className="mt-2 text-4xl font-bold" data-testid="balance">
            {usd(balance)}
          </p>
          <p className="mt-1 text-sm text-brand-100">Prepaid, in USD</p>
        </div>
        <Wallet className="h-10 w-10 text-brand-200" aria-hidden="true" />
      </div>
      <ButtonLink to={paths.client.deposit} variant="inverse" className="mt-6">
        Add funds
      </ButtonLink>
    </section>
  );
}
