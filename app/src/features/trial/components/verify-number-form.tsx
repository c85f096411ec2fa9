import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { PhoneField } from '../../../components/ui/forms/phone-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, isApiError, messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { validateVerify } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { useConfirmCode, useRequestCode } from '../api/verify-number';

type VerifyValues = { number: string; code: string };

/**
 * Two steps: a code is sent by SMS to the number, then typed back. Core checks the
 * number and the code's form as they are typed; the server checks the code itself.
 */
export function VerifyNumberForm() {
  const { refreshUser } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useCoreForm<VerifyValues>({
    initial: { number: '', code: '' },
    validate: (values) => validateVerify(values, sentTo !== null),
  });
  const request = useRequestCode();
  const confirm = useConfirmCode();

  function onError(error: unknown, fallback: string) {
    if (isApiError(error) && error.status === 400 && error.errors) {
      form.setServerErrors(fieldErrorsOf(error));
    } else {
      toast.error(messageOf(error, fallback));
    }
  }

  const onSubmit = form.submit((values) => {
    const number = values.number.trim();
    if (sentTo === null) {
      request.mutate(number, {
        onSuccess: (result) => {
          setSentTo(number);
          toast.success(result.message);
        },
        onError: (error) => onError(error, 'Could not send a code. Please try again.'),
      });
    } else {
      confirm.mutate(
        { number, code: values.code.trim() },
        {
          onSuccess: () => {
            toast.success(`${number} is verified`);
            setSentTo(null);
            form.reset({ number: '', code: '' });
            // The first verified number grants the trial credit: the header shows it.
            void refreshUser();
          },
          onError: (error) => onError(error, 'Could not verify the number. Please try again.'),
        },
      );
    }
  });

  return (
    <form noValidate aria-label="Verify a phone number" onSubmit={onSubmit} className="space-y-3">
      <PhoneField
        id="verify-number"
        label="Phone number to verify"
        disabled={sentTo !== null}
        required
        {...form.text('number')}
      />
      {sentTo !== null && (
        <TextField
          id="verify-code"
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
            onClick={() => {
              setSentTo(null);
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
