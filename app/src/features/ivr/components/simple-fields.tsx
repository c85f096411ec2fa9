import { RadioGroup } from '../../../components/ui/radio-group';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import type { IvrStep } from '../../../lib/core';
import { LinkSelect } from './link-select';

type StepOf<T extends IvrStep['type']> = Extract<IvrStep, { type: T }>;

export interface FieldsProps<T extends IvrStep['type']> {
  step: StepOf<T>;
  ids: string[];
  onChange: (step: StepOf<T>) => void;
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
  return (
    <>
      <TextAreaField
        label="Text to say"
        rows={3}
        value={step.text}
        onChange={(event) => onChange({ ...step, text: event.target.value })}
      />
      <LinkSelect
        label="Then"
        optional
        value={step.next}
        ids={ids}
        onChange={(next) => onChange({ ...step, next })}
      />
    </>
  );
}

type ForwardMode = 'devices' | 'number';

export function ForwardFields({ step, ids, onChange }: FieldsProps<'forward'>) {
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
          value={step.to}
          onChange={(event) => onChange({ ...step, to: event.target.value })}
        />
      )}
      <NumberField
        label="Ring for (seconds)"
        value={step.ringSeconds}
        onChange={(ringSeconds) => onChange({ ...step, ringSeconds })}
      />
      <LinkSelect
        label="When nobody answers"
        optional
        value={step.fallback}
        ids={ids}
        onChange={(fallback) => onChange({ ...step, fallback })}
      />
    </>
  );
}

export function VoicemailFields({ step, onChange }: FieldsProps<'voicemail'>) {
  return (
    <>
      <TextAreaField
        label="Greeting"
        rows={3}
        value={step.greeting}
        onChange={(event) => onChange({ ...step, greeting: event.target.value })}
      />
      <NumberField
        label="Longest message (seconds)"
        hint="After the greeting a beep plays, then the caller's message is recorded."
        value={step.maxSeconds}
        onChange={(maxSeconds) => onChange({ ...step, maxSeconds })}
      />
    </>
  );
}
