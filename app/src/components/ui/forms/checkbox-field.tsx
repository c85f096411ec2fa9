import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './field-error';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
  description?: ReactNode;
}

export function CheckboxField({ label, error, description, id, ...rest }: CheckboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={fieldId}
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...rest}
        />
        <div className="text-sm">
          <label htmlFor={fieldId} className="text-slate-700">
            {label}
          </label>
          {description && <p className="text-slate-500">{description}</p>}
        </div>
      </div>
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}
