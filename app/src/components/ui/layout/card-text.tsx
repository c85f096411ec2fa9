import type { ReactNode } from 'react';

/** A card's name in bold over a line of detail: the text of a card that is a link or a
 * button, beside its icon or flag. */
export function CardText({ title, detail }: { title: ReactNode; detail: ReactNode }) {
  return (
    <span>
      <span className="block font-semibold text-slate-900">{title}</span>
      <span className="block text-sm text-slate-500">{detail}</span>
    </span>
  );
}
