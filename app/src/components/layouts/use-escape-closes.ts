import { useEffect, type RefObject } from 'react';

/** While a menu or drawer is open, Escape closes it and gives the focus back to its toggle. */
export function useEscapeCloses(
  open: boolean,
  close: () => void,
  toggle: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close, toggle]);
}
