import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validateSettings } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import type { PlatformSettings } from '../api/get-settings';
import { useSaveSettings } from '../api/save-settings';
import { settingsFields } from './settings-fields';

type SettingsValues = PlatformSettings & Record<string, string>;

/** Exactly the eight fields, as the strings typed (trimmed): the server parses them itself. */
function payload(values: PlatformSettings): PlatformSettings {
  const entries = settingsFields.map((field) => [field.name, values[field.name].trim()]);
  return Object.fromEntries(entries) as PlatformSettings;
}

/** The eight platform settings, checked by core as they are typed and again by the server. */
export function SettingsForm({ saved }: { saved: PlatformSettings }) {
  const form = useCoreForm<SettingsValues>({
    initial: { ...saved },
    validate: (values) => validateSettings(values),
  });
  const save = useSaveSettings();
  const fieldErrors = fieldErrorsOf(save.error);
  const failure =
    save.isError && Object.keys(fieldErrors).length === 0
      ? messageOf(save.error, 'Could not save the settings. Please try again.')
      : null;
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
    <form
      noValidate
      aria-labelledby="platform-settings-heading"
      onSubmit={onSubmit}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="platform-settings-heading" className="text-lg font-semibold text-slate-900">
        Platform settings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Changes apply to the next purchase, renewal, deposit or call on every server.
      </p>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        {settingsFields.map((field) => (
          <TextField
            key={field.name}
            id={`setting-${field.name}`}
            label={field.label}
            hint={field.hint}
            inputMode={field.inputMode}
            autoComplete="off"
            required
            {...form.text(field.name)}
          />
        ))}
      </div>
      {failure && (
        <div className="mt-5">
          <Alert>{failure}</Alert>
        </div>
      )}
      <DialogActions
        className="mt-6"
        cancelLabel="Reset"
        onCancel={() => {
          save.reset();
          form.reset({ ...saved });
        }}
        cancelDisabled={save.isPending || !changed}
        pending={save.isPending}
        disabled={save.isPending}
      >
        {save.isPending ? 'Saving...' : 'Save'}
      </DialogActions>
    </form>
  );
}
