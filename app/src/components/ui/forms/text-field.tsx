import {
  createElement,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { FieldError } from './field-error';

const control =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-50';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A field's label above its control, its hint or message below. */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/**
 * The id (the given one or a generated one) and the attributes every field's control
 * carries: its classes, and whether and by what it is described.
 */
export function useFieldControl(
  id: string | undefined,
  { error, hint, className = '', base = control }: ControlOptions,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return {
    id: fieldId,
    className: `${base} ${error ? 'border-red-500' : 'border-slate-300'} ${className}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(fieldId, error, hint),
  };
}

interface ControlOptions {
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** The control's own look, the text box's unless told. */
  base?: string;
}

/** What every labelled text field takes besides its control's own attributes. */
interface LabelledProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

type TextFieldProps = LabelledProps & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = LabelledProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A text box or area under its label, with the shared classes, hint and message. */
function LabelledText({
  control,
  label,
  error,
  hint,
  id,
  className,
  ...rest
}: (TextFieldProps & { control: 'input' }) | (TextAreaFieldProps & { control: 'textarea' })) {
  const field = useFieldControl(id, { error, hint, className });
  return (
    <FieldShell id={field.id} label={label} error={error} hint={hint}>
      {createElement(control, { ...field, ...rest })}
    </FieldShell>
  );
}

export function TextField(props: TextFieldProps) {
  return <LabelledText control="input" {...props} />;
}

export function TextAreaField(props: TextAreaFieldProps) {
  return <LabelledText control="textarea" {...props} />;
}
