import type { ComponentProps, ReactNode } from 'react';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { Dialog } from '../../../components/ui/dialogs/dialog';
import { CopyButton } from '../../../components/ui/basics/copy-button';
import { SecretValue } from './secret-value';

interface Secret {
  label: string;
  value: string;
  testId: string;
  /** What the copy button says it copied. */
  what: string;
}

interface SecretsDialogProps {
  title: string;
  tone: ComponentProps<typeof Alert>['tone'];
  /** What to do with the secrets now, above them. */
  notice: ReactNode;
  secrets: Secret[];
  onClose: () => void;
}

/** The one time new credentials are shown, each with its copy button. */
export function SecretsDialog({ title, tone, notice, secrets, onClose }: SecretsDialogProps) {
  return (
    <Dialog open title={title} onClose={onClose}>
      <div className="space-y-4">
        <Alert tone={tone}>{notice}</Alert>
        <dl className="space-y-4">
          {secrets.map(({ label, value, testId, what }) => (
            <SecretValue key={testId} label={label} value={value} testId={testId}>
              <CopyButton value={value} what={what} />
            </SecretValue>
          ))}
        </dl>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
