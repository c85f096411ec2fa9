import { useState } from 'react';

/** The ids of a table's rows whose details are shown; `toggle` shows or hides one's. */
export function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { open, toggle };
}
