import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { validateApiKey } from '../../../lib/core';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { createApiKey, type NewApiKey } from '../api/create-api-key';
import { apiKeysKey } from '../api/get-api-keys';

interface CreateKeyDialogProps {
  onCreated: (created: NewApiKey) => void;
  onClose: () => void;
}

/** A name for the new key; the server makes its SID and secret. */
export function CreateKeyDialog({ onCreated, onClose }: CreateKeyDialogProps) {
  const { form, save, generalError } = useDialogForm({
    initial: { name: '' },
    validate: (values) => validateApiKey(values),
    save: (name: string) => createApiKey({ name }),
    onSaved: onCreated,
    onClose,
    refresh: apiKeysKey,
  });
  return (
    <FormDialog
      title="Create API Key"
      description="The key's SID and secret sign requests to the REST API in place of your Account SID and Auth Token."
      onClose={onClose}
      onSubmit={form.submit((values) => save.mutate(values.name.trim()))}
      pending={save.isPending}
      failure={generalError && messageOf(save.error, 'Could not create the key.')}
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
    </FormDialog>
  );
}
