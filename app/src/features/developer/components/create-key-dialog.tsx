import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { AccountPasswordField } from '../../../components/ui/forms/account-fields';
import { TextField } from '../../../components/ui/forms/text-field';
import { validateApiKey } from '../../../lib/core';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { createApiKey, type NewApiKey } from '../api/create-api-key';
import { apiKeysKey } from '../api/get-api-keys';

interface CreateKeyDialogProps {
  onCreated: (created: NewApiKey) => void;
  onClose: () => void;
}

/**
 * A name for the new key and the account password (a signed-in session alone cannot
 * make lasting credentials); the server makes its SID and secret and e-mails the owner.
 */
export function CreateKeyDialog({ onCreated, onClose }: CreateKeyDialogProps) {
  const { form, dialog } = useDialogForm({
    initial: { name: '', password: '' },
    validate: (values) => validateApiKey(values),
    body: (values) => ({ name: values.name.trim(), password: values.password }),
    save: createApiKey,
    onSaved: onCreated,
    onClose,
    refresh: apiKeysKey,
    failure: 'Could not create the key.',
  });
  return (
    <FormDialog
      title="Create API Key"
      description="The key's SID and secret sign requests to the REST API in place of your Account SID and Auth Token."
      {...dialog}
      submitLabel="Create key"
    >
      <TextField
        id="api-key-name"
        label="Name"
        hint="What the key is for, e.g. the service that uses it."
        autoComplete="off"
        spellCheck={false}
        {...form.text('name')}
      />
      <AccountPasswordField
        id="api-key-password"
        hint="We e-mail you whenever a key is created."
        {...form.text('password')}
      />
    </FormDialog>
  );
}
