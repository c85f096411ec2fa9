import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmFirstDialog } from '../../../components/ui/dialogs/confirm-first-dialog';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { SelectField } from '../../../components/ui/forms/select-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useDialogMutation } from '../../../lib/use-dialog-mutation';
import { changePhoneCountry } from '../api/change-phone-country';
import { useCountryOptions } from '../api/get-country-options';
import { phonesKey, type AdminPhone } from '../api/get-phones';

interface ChangeCountryDialogProps {
  phone: AdminPhone;
  onClose: () => void;
}

/** Pick the new country, then confirm the move. */
export function ChangeCountryDialog({ phone, onClose }: ChangeCountryDialogProps) {
  const countries = useCountryOptions();
  const [code, setCode] = useState(phone.countryCode);
  const [confirming, setConfirming] = useState(false);
  const change = useDialogMutation({
    mutationFn: () => changePhoneCountry(phone.id, code),
    onSaved: () => toast.success(`${phone.number} moved to ${code}`),
    onClose,
    refresh: phonesKey,
    onError: (error) => {
      if (fieldErrorsOf(error).countryCode) setConfirming(false);
    },
  });
  const label = countries.data?.find((option) => option.value === code)?.label ?? code;
  const fieldError = fieldErrorsOf(change.error).countryCode;

  return (
    <ConfirmFirstDialog
      onClose={onClose}
      pending={change.isPending}
      title="Change Country"
      description={`${phone.number}, now in ${phone.country} (${phone.countryCode})`}
      confirming={confirming}
      onContinue={() => {
        change.reset();
        setConfirming(true);
      }}
      fields={
        countries.isError ? (
          <QueryLoadError query={countries} fallback="Could not load the countries." />
        ) : (
          <SelectField
            id="change-country"
            label="Country"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={countries.isPending}
            error={fieldError}
            options={countries.data ?? [{ value: phone.countryCode, label: phone.countryCode }]}
          />
        )
      }
      continueDisabled={code === phone.countryCode || !countries.data}
      failure={
        change.isError && !fieldError && messageOf(change.error, 'Could not change the country.')
      }
      onBack={() => setConfirming(false)}
      onConfirm={() => change.mutate()}
      confirmLabel="Change Country"
    >
      <p className="font-medium text-slate-900">
        Move {phone.number} to {label}?
      </p>
    </ConfirmFirstDialog>
  );
}
