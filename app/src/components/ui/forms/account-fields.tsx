import type { ReactNode } from 'react';
import { TextField } from './text-field';

type FieldProps = Omit<Parameters<typeof TextField>[0], 'type' | 'autoComplete' | 'label'> & {
  label?: ReactNode;
};

/** The user's own email address (the one they sign in with); browsers fill it in. */
export function EmailField({ label = 'Email address', ...rest }: FieldProps) {
  return <TextField label={label} type="email" autoComplete="email" {...rest} />;
}

interface PasswordFieldProps extends FieldProps {
  label: ReactNode;
  /** A password the account has (filled in by managers) or a new one (suggested by them). */
  purpose: 'current' | 'new';
}

export function PasswordField({ purpose, ...rest }: PasswordFieldProps) {
  return <TextField type="password" autoComplete={`${purpose}-password`} {...rest} />;
}

/**
 * The password of the signed-in account, asked again before something that lasts or
 * weakens it (a key, a device, turning a second factor off).
 */
export function AccountPasswordField(props: Omit<FieldProps, 'label'>) {
  return <PasswordField label="Account password" purpose="current" {...props} />;
}

type Bound = Omit<FieldProps, 'id' | 'label'>;

interface NewPasswordFieldsProps {
  ids: { password: string; confirm: string };
  labels: { password: string; confirm: string };
  password: Bound;
  confirm: Bound;
}

/** A new password and its confirmation, with core's length rule as the hint. */
export function NewPasswordFields({ ids, labels, password, confirm }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label={labels.password}
        purpose="new"
        hint="At least 8 characters."
        {...password}
      />
      <PasswordField id={ids.confirm} label={labels.confirm} purpose="new" {...confirm} />
    </>
  );
}
