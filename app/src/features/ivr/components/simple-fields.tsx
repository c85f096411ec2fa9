import { RadioGroup } from '../../../components/ui/forms/radio-group';
import { TextAreaField, TextField } from '../../../components/ui/forms/text-field';
import type { IvrStep } from '../../../lib/core';
import { LinkSelect } from './link-select';

type StepOf<T extends IvrStep['type']> = Extract<IvrStep, { type: T }>;

export interface FieldsProps<T extends IvrStep['type']> {
  step: StepOf<T>;
  ids: string[];
  onChange: (step: StepOf<T>) => void;
}

/**
 * A step's fields as controls: `field(key)` is the value and onChange of a control that
 * hands over the new value, `text(key)` of a text box or area, which hands over its event;
 * either change is the step with that field changed.
 */
export function stepControls<S>(step: S, onChange: (step: S) => void) {
  return {
    field: <K extends keyof S>(key: K) => ({
      value: step[key],
      onChange: (value: S[K]) => onChange({ ...step, [key]: value }),
    }),
    text: <K extends keyof S>(key: K) => ({
      value: step[key],
      onChange: (event: { target: { value: string } }) =>
        onChange({ ...step, [key]: event.target.value }),
    }),
  };
}

interface NumberFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  hint?: string;
}

/** A whole number of seconds or tries; out-of-range values are core's to point out. */
export function NumberField({ label, value, onChange, hint }: NumberFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      hint={hint}
      value={String(value)}
      onChange={(event) => onChange(Math.max(0, Math.trunc(Number(event.target.value) || 0)))}
    />
  );
}

export function SayFields({ step, ids, onChange }: FieldsProps<'say'>) {
  const bind = stepControls(step, onChange);
  return (
    <>
      <TextAreaField label="Text to say" rows={3} {...bind.text('text')} />
      <LinkSelect label="Then" optional {...bind.field('next')} ids={ids} />
    </>
  );
}

type ForwardMode = 'devices' | 'number';

export function ForwardFields({ step, ids, onChange }: FieldsProps<'forward'>) {
  const bind = stepControls(step, onChange);
  const mode: ForwardMode = step.to === 'devices' ? 'devices' : 'number';
  return (
    <>
      <RadioGroup<ForwardMode>
        legend="Forward the call to"
        name="forward-to"
        options={[
          ['devices', 'My SIP devices'],
          ['number', 'A phone number'],
        ]}
        value={mode}
        onChange={(m) => onChange({ ...step, to: m === 'devices' ? 'devices' : '' })}
      />
      {mode === 'number' && (
        <TextField
          label="Phone number"
          type="tel"
          placeholder="+14155550123"
          {...bind.text('to')}
        />
      )}
      <NumberField label="Ring for (seconds)" {...bind.field('ringSeconds')} />
      <LinkSelect label="When nobody answers" optional {...bind.field('fallback')} ids={ids} />
    </>
  );
}

export function VoicemailFields({ step, onChange }: FieldsProps<'voicemail'>) {
  const bind = stepControls(step, onChange);
  return (
    <>
      <TextAreaField label="Greeting" rows={3} {...bind.text('greeting')} />
      <NumberField
        label="Longest message (seconds)"
        hint="After the greeting a beep plays, then the caller's message is recorded."
        {...bind.field('maxSeconds')}
      />
    </>
  );
}
