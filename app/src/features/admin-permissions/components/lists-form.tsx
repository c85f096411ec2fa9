import { SavedForm } from '../../../components/ui/forms/saved-form';
import { TextAreaField } from '../../../components/ui/forms/text-field';
import type { FieldMessages } from '../../../lib/api-client';
import { geoLists } from '../../../lib/core';
import { useSavedForm } from '../../../lib/use-saved-form';
import { adminPermissionsKey, saveLists, type PermissionLists } from '../api/admin-permissions';

type ListValues = PermissionLists & Record<string, string>;

/** Core's message for each list that does not parse. */
function validate(values: PermissionLists): FieldMessages {
  const errors: FieldMessages = {};
  const check = (field: keyof PermissionLists, kind: 'countries' | 'prefixes') => {
    const parsed = geoLists(kind, values[field]);
    if ('error' in parsed) errors[field] = parsed.error;
  };
  check('voiceCountries', 'countries');
  check('smsCountries', 'countries');
  check('highRiskPrefixes', 'prefixes');
  return errors;
}

const fields: Array<{ name: keyof PermissionLists; label: string; hint: string }> = [
  {
    name: 'voiceCountries',
    label: 'Countries new accounts may call',
    hint: 'ISO 3166 codes, e.g. US GB DE. Accounts made before keep their own set.',
  },
  {
    name: 'smsCountries',
    label: 'Countries new accounts may text',
    hint: 'ISO 3166 codes. Trial verification codes follow this set too.',
  },
  {
    name: 'highRiskPrefixes',
    label: 'High-risk prefixes',
    hint: 'Refused for every account, whatever its countries, e.g. +252 +8816.',
  },
];

/** The administrator's three lists, checked by core as typed and again by the server. */
export function ListsForm({ saved }: { saved: PermissionLists }) {
  const { form, saving } = useSavedForm<ListValues, PermissionLists>({
    initial: { ...saved },
    validate,
    save: (values) =>
      saveLists({
        voiceCountries: values.voiceCountries,
        smsCountries: values.smsCountries,
        highRiskPrefixes: values.highRiskPrefixes,
      }),
    valuesOf: (lists) => ({ ...lists }),
    saved: () => 'Permissions saved',
    refresh: adminPermissionsKey,
    failure: 'Could not save the lists. Please try again.',
  });
  return (
    <SavedForm
      id="permission-lists-heading"
      title="Defaults and high-risk ranges"
      submitLabel="Save lists"
      {...saving}
    >
      <div className="mt-5 grid gap-5">
        {fields.map((field) => (
          <TextAreaField
            key={field.name}
            id={`permissions-${field.name}`}
            label={field.label}
            hint={field.hint}
            rows={2}
            spellCheck={false}
            {...form.text(field.name)}
          />
        ))}
      </div>
    </SavedForm>
  );
}
