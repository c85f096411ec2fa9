import { Check } from 'lucide-react';

/** What a plan or product includes, each line after a green tick; fills its card's height. */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={`${className} flex-1 space-y-2`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-sm text-slate-700">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
