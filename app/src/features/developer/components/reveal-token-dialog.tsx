import { revealAuthToken } from '../api/reveal-auth-token';
import { PasswordDialog } from './password-dialog';

interface RevealTokenDialogProps {
  onRevealed: (authToken: string) => void;
  onClose: () => void;
}

export function RevealTokenDialog({ onRevealed, onClose }: RevealTokenDialogProps) {
  return (
    <PasswordDialog
      title="Reveal Auth Token"
      submitLabel="Reveal"
      action={revealAuthToken}
      onDone={({ authToken }) => {
        onRevealed(authToken);
        onClose();
      }}
      onClose={onClose}
      failure="Could not reveal the auth token."
    >
      <p className="text-sm text-slate-700">
        Enter your account password to show the auth token. Anyone with it can use the API as you:
        keep it out of source code and shared documents.
      </p>
    </PasswordDialog>
  );
}
