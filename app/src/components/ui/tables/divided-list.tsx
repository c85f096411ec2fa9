import type { ReactNode } from 'react';

interface DividedListProps<T> {
  items: readonly T[];
  /** One item's `<li>`, with its key. */
  children: (item: T) => ReactNode;
}

/** Items one under another with a line between them, as a list panel shows them. */
export function DividedList<T>({ items, children }: DividedListProps<T>) {
  return <ul className="divide-y divide-slate-200">{items.map((item) => children(item))}</ul>;
}
