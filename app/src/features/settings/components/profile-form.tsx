import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { EmailField, PasswordField } from '../../../components/ui/forms/account-fields';
import { CheckboxField } from '../../../components/ui/forms/checkbox-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useAuth, type User } from '../../../lib/auth-context';
import { validateProfile } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { updateProfile, type ProfileUpdate } from '../api/update-profile';
import { SettingsActions } from './settings-actions';

type ProfileValues = Required<ProfileUpdate>;

function valuesOf(user: User): ProfileValues {
  const [first = '', ...rest] = user.name.split(' ');
  return {
    firstName: user.firstName ?? first,
    lastName: user.lastName ?? rest.join(' '),
    email: user.email,
    emailNotifications: user.emailNotifications ?? true,
    smsNotifications: user.smsNotifications ?? false,
    currentPassword: '',
  };
}

const nameFields = [
  { name: 'firstName', id: 'settings-first-name', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', id: 'settings-last-name', label: 'Last name', autoComplete: 'family-name' },
] as const;

const notificationFields = [
  {
    name: 'emailNotifications',
    id: 'settings-email-notifications',
    label: 'Email notifications',
    description: 'Renewal notices, receipts and low-balance warnings by email.',
  },
  {
    name: 'smsNotifications',
    id: 'settings-sms-notifications',
    label: 'SMS notifications',
    description: 'Urgent account alerts by text message.',
  },
] as const;

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function ProfileForm({ user }: { user: User }) {
  const { setUser } = useAuth();
  const initial = valuesOf(user);
  const form = useCoreForm<ProfileValues>({
    initial,
    validate: ({ firstName, lastName, email }) => validateProfile({ firstName, lastName, email }),
  });
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      setUser(updated);
      form.reset(valuesOf(updated));
      toast.success('Profile updated');
    },
    onError: (error) => {
      form.setServerErrors(fieldErrorsOf(error));
      toast.error(messageOf(error, 'Could not update your profile'));
    },
  });

  const emailChanged = !sameEmail(form.values.email, user.email);

  return (
    <form
      noValidate
      aria-label="Profile"
      className="space-y-5"
      onSubmit={form.submit(({ currentPassword, ...values }) =>
        mutation.mutate({
          ...values,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          // The server asks for the password only when the email changes.
          ...(emailChanged ? { currentPassword } : {}),
        }),
      )}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {nameFields.map((field) => (
          <TextField
            key={field.name}
            id={field.id}
            label={field.label}
            autoComplete={field.autoComplete}
            {...form.text(field.name)}
          />
        ))}
      </div>
      <EmailField id="settings-email" {...form.text('email')} />
      {emailChanged && (
        <PasswordField
          id="settings-email-current-password"
          label="Current password"
          purpose="current"
          hint="Needed to change the email address you sign in with."
          {...form.text('currentPassword')}
        />
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Notifications</legend>
        {notificationFields.map(({ name, ...field }) => (
          <CheckboxField key={name} {...field} {...form.checkbox(name)} />
        ))}
      </fieldset>
      <SettingsActions onCancel={() => form.reset(initial)} pending={mutation.isPending}>
        Save changes
      </SettingsActions>
    </form>
  );
}
