import toast from 'react-hot-toast';
import { SavedForm } from '../../../components/ui/forms/saved-form';
import { TextFieldGrid } from '../../../components/ui/forms/text-field-grid';
import { fieldErrorsOf, generalFailureOf } from '../../../lib/api-client';
import { validateSettings } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import type { PlatformSettings } from '../api/get-settings';
import { useSaveSettings } from '../api/save-settings';
import { settingsFields } from './settings-fields';

type SettingsValues = PlatformSettings & Record<string, string>;

/** Exactly the settings' fields, as the strings typed (trimmed): the server parses them itself. */
function payload(values: PlatformSettings): PlatformSettings {
  const entries = settingsFields.map((field) => [field.name, values[field.name].trim()]);
  return Object.fromEntries(entries) as PlatformSettings;
}

/** The platform settings, checked by core as they are typed and again by the server. */
export function SettingsForm({ saved }: { saved: PlatformSettings }) {
  const form = useCoreForm<SettingsValues>({
    initial: { ...saved },
    validate: (values) => validateSettings(values),
  });
  const save = useSaveSettings();
  const failure = generalFailureOf(save, 'Could not save the settings. Please try again.');
  const changed = settingsFields.some((field) => form.values[field.name] !== saved[field.name]);

  const onSubmit = form.submit((values) =>
    save.mutate(payload(values), {
      onSuccess: (result) => {
        toast.success(result.message || 'Settings saved');
        form.reset({ ...result.settings });
      },
      onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
    }),
  );

  return (
    <SavedForm
      id="platform-settings-heading"
      title="Platform settings"
      description="Changes apply to the next purchase, renewal, deposit or call on every server."
      onSubmit={onSubmit}
      failure={failure}
      pending={save.isPending}
      onReset={() => {
        save.reset();
        form.reset({ ...saved });
      }}
      resetDisabled={save.isPending || !changed}
      submitDisabled={save.isPending}
      submitLabel={save.isPending ? 'Saving...' : 'Save'}
    >
      <TextFieldGrid
        className="mt-5 grid gap-5 md:grid-cols-2"
        idPrefix="setting-"
        fields={settingsFields}
        autoComplete="off"
        required
        text={form.text}
      />
    </SavedForm>
  );
}
