import { SavedForm } from '../../../components/ui/forms/saved-form';
import { validateCaps } from '../../../lib/core';
import { useSavedForm } from '../../../lib/use-saved-form';
import { trimmedLimits } from '../../permissions/components/limit-fields';
import { LimitInputs } from '../../permissions/components/limit-inputs';
import { defaultLimitsKey, saveDefaultLimits, type LimitsForm } from '../api/admin-permissions';

type Values = LimitsForm & Record<string, string>;

/** The platform's default limits; an empty field is no limit. */
export function DefaultLimitsForm({ saved }: { saved: LimitsForm }) {
  const { form, saving } = useSavedForm<Values, LimitsForm>({
    initial: { ...saved },
    validate: (values) => validateCaps(values, null),
    save: (values) => saveDefaultLimits(trimmedLimits(values)),
    cache: defaultLimitsKey,
    valuesOf: (limits) => ({ ...limits }),
    saved: () => 'Default limits saved',
    failure: 'Could not save the limits. Please try again.',
  });
  return (
    <SavedForm
      id="default-limits-heading"
      title="Default limits"
      description="Every account without its own ceiling follows these from its next call or message. Customers may lower them; an empty field is no limit."
      submitLabel="Save default limits"
      {...saving}
    >
      <LimitInputs idPrefix="default-limit-" text={form.text} />
    </SavedForm>
  );
}
