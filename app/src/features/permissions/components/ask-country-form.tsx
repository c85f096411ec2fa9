import { Button } from '../../../components/ui/basics/button';
import { Alert } from '../../../components/ui/feedback/alert';
import { FormCard } from '../../../components/ui/forms/form-card';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { geoLists } from '../../../lib/core';
import { useSavedForm } from '../../../lib/use-saved-form';
import { permissionsKey, requestCountry, type Channel } from '../api/get-permissions';

type AskValues = { country: string; channel: string; note: string };

/** One country code as core reads a list: its message when the code is not one. */
function validate(values: AskValues): Record<string, string> {
  const parsed = geoLists('countries', values.country);
  if ('error' in parsed) return { country: parsed.error };
  if (parsed.ok.length !== 2) return { country: 'Enter one two-letter country code, e.g. JM' };
  return values.note.length > 500 ? { note: 'Keep the note under 500 characters' } : {};
}

/**
 * A country outside the list above (the catalogue's): any ISO 3166 code, asked of an
 * administrator like the others.
 */
export function AskCountryForm() {
  const { form, saving } = useSavedForm({
    initial: { country: '', channel: 'voice', note: '' },
    validate,
    save: (values) =>
      requestCountry({
        channel: values.channel as Channel,
        country: values.country.trim().toUpperCase(),
        note: values.note.trim(),
      }),
    valuesOf: (_, values) => ({ country: '', channel: values.channel, note: '' }),
    saved: (sent) => sent.message,
    refresh: permissionsKey,
    failure: 'Could not send the request.',
  });
  return (
    <FormCard
      id="ask-country-heading"
      title="Another country"
      description="Calling or texting a country not listed above, for example under +1 (Jamaica is JM)? Ask for it by its two-letter code."
      onSubmit={saving.onSubmit}
    >
      <div className="mt-5 grid gap-4 sm:grid-cols-[8rem_10rem_1fr_auto] sm:items-start">
        <TextField
          id="ask-country"
          label="Country code"
          autoComplete="off"
          spellCheck={false}
          maxLength={2}
          {...form.text('country')}
        />
        <SelectField
          id="ask-channel"
          label="For"
          options={[
            { value: 'voice', label: 'Calls' },
            { value: 'sms', label: 'SMS' },
          ]}
          {...form.text('channel')}
        />
        <TextField id="ask-note" label="Why (optional)" {...form.text('note')} />
        <div className="sm:pt-6">
          <Button type="submit" loading={saving.pending}>
            Ask
          </Button>
        </div>
      </div>
      {saving.failure && (
        <div className="mt-4">
          <Alert>{saving.failure}</Alert>
        </div>
      )}
    </FormCard>
  );
}
