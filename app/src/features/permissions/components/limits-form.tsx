import { SavedForm } from '../../../components/ui/forms/saved-form';
import { usd, validateCaps, type CapsInput } from '../../../lib/core';
import { useSavedForm } from '../../../lib/use-saved-form';
import { limitsKey, saveLimits, type Limits } from '../api/limits';
import { shown, trimmedLimits } from './limit-fields';
import { LimitInputs } from './limit-inputs';

type Values = CapsInput & Record<string, string>;

/**
 * The customer's own limits, each at most the ceiling (checked by core as typed and
 * again by the server); an empty field keeps the ceiling.
 */
export function LimitsForm({ limits }: { limits: Limits }) {
  const { form, saving } = useSavedForm<Values, Limits>({
    initial: { ...limits.chosen },
    validate: (values) => validateCaps(values, limits.ceiling),
    save: (values) => saveLimits(trimmedLimits(values)),
    cache: limitsKey,
    valuesOf: (saved) => ({ ...saved.chosen }),
    saved: () => 'Limits saved',
    failure: 'Could not save the limits. Please try again.',
  });
  return (
    <SavedForm
      id="limits-heading"
      title="Spending and call limits"
      description={
        <>
          Calls and messages past these limits are refused, so a stolen password or a hijacked phone
          cannot spend your balance overnight. Spent today: {usd(limits.spentToday)}. Lower any
          limit here; leave a field empty to keep your account&apos;s ceiling, which we raise on
          request.
        </>
      }
      submitLabel="Save limits"
      {...saving}
    >
      <LimitInputs
        idPrefix="limit-"
        hint={(f) =>
          `In force: ${shown(limits.inForce[f.name], f.money)}; ceiling: ${shown(limits.ceiling[f.name], f.money)}`
        }
        text={form.text}
      />
    </SavedForm>
  );
}
