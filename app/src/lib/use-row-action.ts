import { useState } from 'react';

/**
 * The action a list screen has open on one of its rows, if any: a row menu's choice
 * (`onAction`, as RowActionsProps take it), and `close` for the dialog it opened.
 */
export function useRowAction<A extends string, T>() {
  const [open, setOpen] = useState<{ action: A; row: T } | null>(null);
  return {
    open,
    onAction: (action: A, row: T) => setOpen({ action, row }),
    close: () => setOpen(null),
  };
}
