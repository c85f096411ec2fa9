import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { Spinner } from '../../../components/ui/feedback/spinner';
import { useAuth } from '../../../lib/auth-context';
import { PasswordDialog } from '../../developer/components/password-dialog';
import { startTwoFactor, twoFactorKey, useTwoFactor, type Enrolment } from '../api/two-factor';
import { TwoFactorOffDialog } from './two-factor-off-dialog';
import { RecoveryCodesPanel, TwoFactorEnrol } from './two-factor-enrol';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'enrol'; enrolment: Enrolment };

/** Two-factor sign-in: its state, setting it up, its recovery codes, turning it off. */
export function TwoFactorForm() {
  const status = useTwoFactor();
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const changed = async () => {
    await Promise.all([refreshAfterWrite(queryClient, { queryKey: twoFactorKey }), refreshUser()]);
  };

  if (codes) {
    // The state is fetched again once the codes are put away: an administrator's gate
    // stays until then.
    return (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          void changed();
        }}
      />
    );
  }
  if (step.kind === 'enrol') {
    return (
      <TwoFactorEnrol
        enrolment={step.enrolment}
        onCancel={() => setStep({ kind: 'idle' })}
        onEnabled={(recovery) => {
          setStep({ kind: 'idle' });
          setCodes(recovery);
        }}
      />
    );
  }
  if (!status.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" /> Loading...
      </p>
    );
  }
  const on = status.data.enabled;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="two-factor-state">
        {on
          ? `On: signing in asks for a code from your authenticator app. ${status.data.recoveryCodesLeft} recovery codes left.`
          : 'Off: signing in asks only for your password.'}
        {status.data.required && !on && ' Administrators must turn it on.'}
      </p>
      {on ? (
        <Button variant="danger" onClick={() => setDisabling(true)}>
          Turn off two-factor sign-in
        </Button>
      ) : (
        <Button onClick={() => setStep({ kind: 'password' })}>Set up two-factor sign-in</Button>
      )}
      {step.kind === 'password' && (
        <PasswordDialog
          title="Set up two-factor sign-in"
          submitLabel="Continue"
          action={startTwoFactor}
          onDone={(enrolment) => setStep({ kind: 'enrol', enrolment })}
          onClose={() => setStep({ kind: 'idle' })}
          failure="Could not start the set-up."
        >
          <p className="text-sm text-slate-600">Confirm it is you before adding an app.</p>
        </PasswordDialog>
      )}
      {disabling && (
        <TwoFactorOffDialog
          onDone={() => {
            setDisabling(false);
            toast.success('Two-factor sign-in is off');
            void changed();
          }}
          onClose={() => setDisabling(false)}
        />
      )}
    </div>
  );
}
