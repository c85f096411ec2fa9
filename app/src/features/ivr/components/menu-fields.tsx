import { X } from 'lucide-react';
import { Button } from '../../../components/ui/basics/button';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextAreaField } from '../../../components/ui/forms/text-field';
import { KEYS, type IvrKey } from './flow-steps';
import { LinkSelect } from './link-select';
import { NumberField, stepControls, type FieldsProps } from './simple-fields';

/** A menu: its prompt, each key and the step it leads to, then what no input or a wrong
 * key does once the replays are spent. */
export function MenuFields({ step, ids, onChange }: FieldsProps<'menu'>) {
  const bind = stepControls(step, onChange);
  const used = KEYS.filter((k) => step.options[k] !== undefined);
  const free = KEYS.filter((k) => step.options[k] === undefined);

  function setOptions(entries: Array<[IvrKey, string]>) {
    onChange({ ...step, options: Object.fromEntries(entries) });
  }
  const entries = (): Array<[IvrKey, string]> => used.map((k) => [k, step.options[k] ?? '']);

  return (
    <>
      <TextAreaField label="Menu prompt" rows={3} {...bind.text('prompt')} />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">Keys</legend>
        {used.length === 0 && <p className="text-sm text-slate-600">No key leads anywhere yet.</p>}
        {used.map((key) => (
          <div key={key} className="grid grid-cols-[5rem_1fr_auto] items-end gap-2">
            <SelectField
              label="Key"
              options={[key, ...free].map((k) => ({ value: k, label: k }))}
              value={key}
              onChange={(event) =>
                setOptions(
                  entries().map(([k, t]) => [k === key ? (event.target.value as IvrKey) : k, t]),
                )
              }
            />
            <LinkSelect
              label={`Key ${key} goes to`}
              value={step.options[key] ?? ''}
              ids={ids}
              onChange={(target) =>
                setOptions(entries().map(([k, t]) => [k, k === key ? (target ?? '') : t]))
              }
            />
            <Button
              variant="secondary"
              size="sm"
              className="mb-0.5"
              aria-label={`Remove key ${key}`}
              onClick={() => setOptions(entries().filter(([k]) => k !== key))}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        {free.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setOptions([...entries(), [free[0], '']])}
          >
            Add key
          </Button>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField label="Wait for a key (seconds)" {...bind.field('timeoutSeconds')} />
        <NumberField
          label="Replays"
          hint="The prompt again after no input or a wrong key."
          {...bind.field('retries')}
        />
      </div>
      <LinkSelect label="After no input" optional {...bind.field('onTimeout')} ids={ids} />
      <LinkSelect label="After a wrong key" optional {...bind.field('onInvalid')} ids={ids} />
    </>
  );
}
