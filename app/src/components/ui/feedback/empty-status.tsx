import type { ReactNode } from 'react';

/** What a panel says when it has nothing to show; screen readers hear it as a status. */
export function EmptyStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="p-8 text-center text-slate-600">
      {children}
    </p>
  );
}
