import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { Time } from '../../../components/ui/tables/table-cells';
import type { DeveloperAccount } from '../api/get-developer-account';
import { CopyButton } from '../../../components/ui/basics/copy-button';
import { EndPreviousTokenDialog } from './end-previous-token-dialog';
import { RevealTokenDialog } from './reveal-token-dialog';
import { RotateTokenDialog } from './rotate-token-dialog';
import { SecretValue } from './secret-value';

/** One of the auth token's small buttons, named for screen readers by what it does. */
function TokenButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="secondary" size="sm" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The account's SID and auth token: the token masked until the password reveals it. */
export function CredentialsPanel({ account }: { account: DeveloperAccount }) {
  const [token, setToken] = useState<string | null>(null);
  const [open, setOpen] = useState<'reveal' | 'rotate' | 'end' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="space-y-4">
      <dl className="space-y-4">
        <SecretValue label="Account SID" value={account.accountSid} testId="account-sid">
          <CopyButton value={account.accountSid} what="Account SID" />
        </SecretValue>
        <SecretValue
          label="Auth Token"
          value={
            token ?? (
              <>
                <span aria-hidden="true">••••••••••••••••••••••••••••</span>
                <span className="sr-only">Hidden, ending in </span>
                {account.authTokenHint}
              </>
            )
          }
          testId="auth-token"
        >
          {token ? (
            <>
              <CopyButton value={token} what="Auth Token" />
              <TokenButton label="Hide Auth Token" onClick={() => setToken(null)}>
                Hide
              </TokenButton>
            </>
          ) : (
            <TokenButton label="Reveal Auth Token" onClick={() => setOpen('reveal')}>
              Reveal
            </TokenButton>
          )}
          <TokenButton label="Rotate Auth Token" onClick={() => setOpen('rotate')}>
            Rotate
          </TokenButton>
        </SecretValue>
      </dl>
      {account.previousTokenValidUntil && (
        <p className="text-sm text-slate-600">
          The previous auth token still works until{' '}
          <Time value={account.previousTokenValidUntil} withTime />.{' '}
          <Button variant="secondary" size="sm" onClick={() => setOpen('end')}>
            End it now
          </Button>
        </p>
      )}
      {open === 'end' && <EndPreviousTokenDialog onClose={close} />}
      {open === 'reveal' && <RevealTokenDialog onRevealed={setToken} onClose={close} />}
      {open === 'rotate' && <RotateTokenDialog onRotated={setToken} onClose={close} />}
    </div>
  );
}
