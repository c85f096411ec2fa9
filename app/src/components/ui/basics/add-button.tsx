import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/** A page's main button that opens the form for a new item ("Add New Package"). */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {children}
    </Button>
  );
}
