import type { ReactNode } from 'react';
import { ButtonLink } from '../basics/button-link';

interface EmptyStartProps {
  /** What the list would hold, said as having none yet. */
  children: ReactNode;
  /** Where the first one is made or bought, and the link's words. */
  to: string;
  action: string;
  /** A card of its own (for lists of cards) instead of the plain panel of a table. */
  card?: boolean;
}

const looks = {
  panel: { box: 'p-10', text: 'text-slate-600' },
  card: {
    box: 'rounded-2xl border border-slate-200 bg-white p-10 shadow-sm',
    text: 'font-medium text-slate-900',
  },
};

/** An empty list that offers the way to its first item ("Buy your first number"). */
export function EmptyStart({ children, to, action, card = false }: EmptyStartProps) {
  const look = looks[card ? 'card' : 'panel'];
  return (
    <div role="status" className={`flex flex-col items-center gap-3 text-center ${look.box}`}>
      <p className={look.text}>{children}</p>
      <ButtonLink to={to} variant="secondary">
        {action}
      </ButtonLink>
    </div>
  );
}
