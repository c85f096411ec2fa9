/** `amount` is signed: credits above zero, debits below. */
export type LedgerEntry = Schema<'EntryView'>;
import type { Schema } from '../generated/api-types';

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
