/** One row of a balance's append-only ledger, as /ledger and the admin view answer it. */
export interface LedgerEntry {
  id: number;
  date: string;
  kind: string;
  description: string;
  /** Signed: credits above zero, debits below. */
  amount: number;
  balanceAfter: number;
}

const kindLabels: Record<string, string> = {
  deposit: 'Deposit',
  number_purchase: 'Number purchase',
  number_renewal: 'Number renewal',
  package_purchase: 'Package purchase',
  call: 'Call',
  sms: 'SMS',
  refund: 'Refund',
  admin_credit: 'Credit by admin',
  admin_debit: 'Debit by admin',
};

/** A human label for a ledger kind; an unknown kind reads as its words. */
export function ledgerKindLabel(kind: string): string {
  const known = kindLabels[kind];
  if (known) return known;
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
