import type { Schema } from '../../../generated/api-types';
import { LoadedForm } from '../../../components/ui/forms/loaded-form';
import { SavedForm } from '../../../components/ui/forms/saved-form';
import { SelectField } from '../../../components/ui/forms/select-field';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';
import { useSavedForm } from '../../../lib/use-saved-form';

type RecordingSettings = Schema<'RecordingSettings'>;
type Values = { retentionDays: string };

const key = ['recordings', 'settings'] as const;

const valuesOf = (s: RecordingSettings): Values => ({ retentionDays: String(s.retentionDays) });

/** A retention choice in words: 0 keeps recordings until they are deleted. */
export function retentionLabel(days: number): string {
  if (days === 0) return 'Until I delete them';
  if (days === 365) return '1 year';
  return `${days} days`;
}

function Form({ settings }: { settings: RecordingSettings }) {
  // The server checks the choice (core's list).
  const { form, saving } = useSavedForm({
    initial: valuesOf(settings),
    save: (values) =>
      api.put<RecordingSettings>('/recordings/settings', {
        retentionDays: Number(values.retentionDays),
      }),
    cache: key,
    valuesOf,
    saved: () => 'Recording retention saved',
    failure: 'Could not save how long recordings are kept. Please try again.',
  });
  const price = Number(settings.ratePerMinute);
  return (
    <SavedForm
      id="recordings-heading"
      title="Recordings"
      description={
        price > 0
          ? `What <Record> keeps, with its audio as WAV or MP3 through the Recordings API. Each recording costs $${settings.ratePerMinute} per started minute, charged when it is stored. Older recordings than you keep are deleted for good.`
          : 'What <Record> keeps, with its audio as WAV or MP3 through the Recordings API. Recordings are free. Older recordings than you keep are deleted for good.'
      }
      submitLabel="Save retention"
      {...saving}
    >
      <div className="mt-5 max-w-sm">
        <SelectField
          id="recordings-retention"
          label="Keep recordings for"
          options={settings.retentionChoices.map((days) => ({
            value: String(days),
            label: retentionLabel(days),
          }))}
          {...form.text('retentionDays')}
        />
      </div>
    </SavedForm>
  );
}

export function RecordingsForm() {
  const settings = useApiGet<RecordingSettings>(key, '/recordings/settings', { staleTime: 0 });
  return (
    <LoadedForm
      query={settings}
      loading="Loading the recording settings..."
      error="Could not load your recording settings."
    >
      {(data) => <Form settings={data} />}
    </LoadedForm>
  );
}
