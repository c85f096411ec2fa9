import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/basics/button';

interface SettingsActionsProps {
  /** Puts back what was saved. */
  onCancel: () => void;
  pending: boolean;
  /** The submit button's text. */
  children: ReactNode;
}

/** A settings form's buttons: Cancel, then the one that saves. */
export function SettingsActions({ onCancel, pending, children }: SettingsActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </div>
  );
}
