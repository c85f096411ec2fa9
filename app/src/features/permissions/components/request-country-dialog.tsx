import toast from 'react-hot-toast';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { TextAreaField } from '../../../components/ui/forms/text-field';
import { useDialogForm } from '../../../lib/use-dialog-form';
import {
  permissionsKey,
  requestCountry,
  type Channel,
  type CountryPermission,
} from '../api/get-permissions';

interface RequestCountryDialogProps {
  country: CountryPermission;
  channel: Channel;
  onClose: () => void;
}

const NOTE_MAX = 500;

/** Asks an administrator for a country the account may not reach, with a reason. */
export function RequestCountryDialog({ country, channel, onClose }: RequestCountryDialogProps) {
  const what = channel === 'voice' ? 'calls' : 'text messages';
  const { form, dialog } = useDialogForm({
    initial: { note: '' },
    validate: (values): Record<string, string> =>
      values.note.length > NOTE_MAX ? { note: 'Keep the note under 500 characters' } : {},
    body: (values) => ({ channel, country: country.iso, note: values.note.trim() }),
    save: requestCountry,
    onSaved: (sent) => toast.success(sent.message),
    onClose,
    refresh: permissionsKey,
    failure: 'Could not send the request.',
  });
  return (
    <FormDialog
      title={`Ask for ${country.name}`}
      description={`An administrator reviews requests to place ${what} to countries outside the default set, where most toll fraud goes. We notify you of the answer.`}
      {...dialog}
      submitLabel="Send request"
    >
      <TextAreaField
        id="permission-note"
        label="Why do you need it? (optional)"
        rows={3}
        maxLength={NOTE_MAX}
        {...form.text('note')}
      />
    </FormDialog>
  );
}
