import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { Alert } from '../../../components/ui/feedback/alert';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { geoLists } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
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
  const queryClient = useQueryClient();
  const form = useCoreForm<AskValues>({
    initial: { country: '', channel: 'voice', note: '' },
    validate,
  });
  const ask = useMutation({
    mutationFn: (values: AskValues) =>
      requestCountry({
        channel: values.channel as Channel,
        country: values.country.trim().toUpperCase(),
        note: values.note.trim(),
      }),
    onSuccess: (sent) => {
      toast.success(sent.message);
      form.reset({ country: '', channel: form.values.channel, note: '' });
      void queryClient.invalidateQueries({ queryKey: permissionsKey });
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    ask.isError && Object.keys(fieldErrorsOf(ask.error)).length === 0
      ? messageOf(ask.error, 'Could not send the request.')
      : null;
  return (
    <form
      noValidate
      aria-labelledby="ask-country-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.submit((values) => ask.mutate(values))}
    >
      <h2 id="ask-country-heading" className="text-lg font-semibold text-slate-900">
        Another country
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Calling or texting a country not listed above, for example under +1 (Jamaica is JM)? Ask for
        it by its two-letter code.
      </p>
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
          <Button type="submit" loading={ask.isPending}>
            Ask
          </Button>
        </div>
      </div>
      {failure && (
        <div className="mt-4">
          <Alert>{failure}</Alert>
        </div>
      )}
    </form>
  );
}
