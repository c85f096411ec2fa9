import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { CopyButton } from '../../../components/ui/basics/copy-button';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, type FieldMessages, messageOf } from '../../../lib/api-client';
import { twoFactorCode } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { Alert } from '../../../components/ui/feedback/alert';
import { enableTwoFactor, type Enrolment } from '../api/two-factor';

function validate({ code }: { code: string }): FieldMessages {
  const checked = twoFactorCode(code);
  if ('error' in checked) return { code: checked.error };
  return checked.ok.kind === 'totp' ? {} : { code: 'Enter the 6-digit code your app shows' };
}

interface TwoFactorEnrolProps {
  enrolment: Enrolment;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the secret), then confirm with the app's first code. */
export function TwoFactorEnrol({ enrolment, onEnabled, onCancel }: TwoFactorEnrolProps) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(enrolment.otpauthUrl, { margin: 1, width: 192 }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [enrolment.otpauthUrl]);
  const form = useCoreForm({ initial: { code: '' }, validate, revealOnBlur: false });
  const enable = useMutation({
    mutationFn: (code: string) => enableTwoFactor(code),
    onSuccess: (result) => onEnabled(result.recoveryCodes),
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const general = enable.isError && Object.keys(fieldErrorsOf(enable.error)).length === 0;
  return (
    <form
      noValidate
      aria-label="Set up two-factor sign-in"
      className="space-y-4"
      onSubmit={form.submit(({ code }) => enable.mutate(code.trim()))}
    >
      <p className="text-sm text-slate-600">
        Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, Aegis
        ...), or type the key below into it. Then enter the 6-digit code it shows.
      </p>
      <div className="flex flex-wrap items-center gap-6">
        {qr ? (
          <img src={qr} alt="QR code for your authenticator app" className="h-48 w-48" />
        ) : (
          <div className="h-48 w-48 animate-pulse rounded bg-slate-100" aria-hidden="true" />
        )}
        <div className="space-y-2 text-sm">
          <p className="font-medium text-slate-700">Key</p>
          <p className="font-mono break-all text-slate-900" data-testid="two-factor-secret">
            {enrolment.secret}
          </p>
          <CopyButton value={enrolment.secret} what="Key" />
        </div>
      </div>
      <TextField
        id="two-factor-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.text('code')}
      />
      {general && (
        <Alert>{messageOf(enable.error, 'Could not turn it on. Please try again.')}</Alert>
      )}
      <div className="flex gap-3">
        <Button type="submit" loading={enable.isPending}>
          Turn on
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once, to keep somewhere safe. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3" role="region" aria-label="Recovery codes">
      <Alert tone="success">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once
        if you lose your phone. They are shown only now.
      </Alert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-3">
        <CopyButton value={codes.join('\n')} what="Recovery codes" size="md" />
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
