import type { ReactNode } from 'react';

interface SecretValueProps {
  label: string;
  value: ReactNode;
  /** Buttons beside the value, e.g. Copy. */
  children?: ReactNode;
  testId?: string;
}

/** A credential in monospace under its label, with its buttons beside it. */
export function SecretValue({ label, value, children, testId }: SecretValueProps) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2">
        <code
          className="rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900"
          data-testid={testId}
        >
          {value}
        </code>
        {children}
      </dd>
    </div>
  );
}
