import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../basics/button';
import { PhoneField } from './phone-field';
import { TextField } from './text-field';
import { fieldErrorsOf, isApiError, messageOf } from '../../../lib/api-client';
import { trialResendWait, validateVerify, type VerifyInput } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { useTickingNow } from '../../../lib/use-ticking-now';

type VerifyValues = { number: string; code: string };

/** Core's wait before another code may go to the number, ticking every second. */
function useResendWait(sentAt: number | null) {
  const now = useTickingNow(sentAt);
  // `now` last ticked before this code was sent: count from the sending then.
  return sentAt === null ? 0 : trialResendWait(sentAt, Math.max(now, sentAt)).seconds;
}

interface CodeVerifyFormProps {
  /** The form's accessible name. */
  name: string;
  /** Prefix of the fields' ids (`${idPrefix}-number`, `${idPrefix}-code`). */
  idPrefix: string;
  /** Sends the code by SMS; the server's message is shown. */
  send: (number: string) => Promise<{ message: string }>;
  /** Checks the code typed back. */
  verify: (input: VerifyInput) => Promise<unknown>;
  onVerified?: (number: string) => void;
}

/**
 * Two steps: a code is sent by SMS to the number, then typed back. Core checks the
 * number and the code's form as they are typed; the server checks the code itself.
 * The trial's numbers and the verified caller IDs are proved the same way.
 */
export function CodeVerifyForm({ name, idPrefix, send, verify, onVerified }: CodeVerifyFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const wait = useResendWait(sentAt);
  const form = useCoreForm<VerifyValues>({
    initial: { number: '', code: '' },
    validate: (values) => validateVerify(values, sentTo !== null),
  });
  const request = useMutation({ mutationFn: send });
  const confirm = useMutation({ mutationFn: verify });

  function onError(error: unknown, fallback: string) {
    if (isApiError(error) && error.status === 400 && error.errors) {
      form.setServerErrors(fieldErrorsOf(error));
    } else {
      toast.error(messageOf(error, fallback));
    }
  }

  function sendCode(number: string) {
    request.mutate(number, {
      onSuccess: (result) => {
        setSentTo(number);
        setSentAt(Date.now());
        // The code field is new: its errors wait for the next submit.
        form.reset({ number, code: '' });
        toast.success(result.message);
      },
      onError: (error) => onError(error, 'Could not send a code. Please try again.'),
    });
  }

  const onSubmit = form.submit((values) => {
    const number = values.number.trim();
    if (sentTo === null) {
      sendCode(number);
    } else {
      confirm.mutate(
        { number, code: values.code.trim() },
        {
          onSuccess: () => {
            toast.success(`${number} is verified`);
            setSentTo(null);
            setSentAt(null);
            form.reset({ number: '', code: '' });
            onVerified?.(number);
          },
          onError: (error) => onError(error, 'Could not verify the number. Please try again.'),
        },
      );
    }
  });

  return (
    <form noValidate aria-label={name} onSubmit={onSubmit} className="space-y-3">
      <PhoneField
        id={`${idPrefix}-number`}
        label="Phone number to verify"
        disabled={sentTo !== null}
        required
        {...form.text('number')}
      />
      {sentTo !== null && (
        <TextField
          id={`${idPrefix}-code`}
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint={`We sent a 6-digit code to ${sentTo}.`}
          required
          {...form.text('code')}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={request.isPending || confirm.isPending}>
          {sentTo === null ? 'Send code' : 'Verify'}
        </Button>
        {sentTo !== null && (
          <Button
            variant="secondary"
            disabled={wait > 0 || request.isPending}
            onClick={() => sendCode(sentTo)}
          >
            {wait > 0 ? `Resend code in ${wait}s` : 'Resend code'}
          </Button>
        )}
        {sentTo !== null && (
          <Button
            variant="secondary"
            onClick={() => {
              setSentTo(null);
              setSentAt(null);
              form.reset({ number: sentTo, code: '' });
            }}
          >
            Use another number
          </Button>
        )}
      </div>
    </form>
  );
}
