import { AppPage } from '../../../components/ui/layout/app-page';
import { Spinner } from '../../../components/ui/feedback/spinner';
import { useAuth } from '../../../lib/auth-context';
import { LeavingForm } from '../components/leaving-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SessionsForm } from '../components/sessions-form';
import { SettingsSection } from '../components/settings-section';
import { TwoFactorForm } from '../components/two-factor-form';

export function SettingsPage() {
  const { user } = useAuth();
  return (
    <AppPage
      title="Settings"
      meta="Your Dialtone profile, password and notification preferences."
      description="Manage your profile, password and notifications."
    >
      <SettingsSection
        id="profile-heading"
        title="Profile"
        description="Your name, the email address you sign in with and how we reach you."
      >
        {user ? (
          <ProfileForm key={user.id} user={user} />
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4" /> Loading your profile...
          </p>
        )}
      </SettingsSection>
      <SettingsSection
        id="password-heading"
        title="Password"
        description="Choose a new password of at least 8 characters."
      >
        <PasswordForm />
      </SettingsSection>
      <SettingsSection
        id="two-factor-heading"
        title="Two-factor sign-in"
        description="A code from an authenticator app on your phone, asked after your password."
      >
        <TwoFactorForm />
      </SettingsSection>
      <SettingsSection
        id="sessions-heading"
        title="Sessions"
        description="Lost a device, or signed in somewhere you should not have?"
      >
        <SessionsForm />
      </SettingsSection>
      <SettingsSection
        id="leaving-heading"
        title="Your data and leaving"
        description="Take a copy of everything, or close your account."
      >
        <LeavingForm />
      </SettingsSection>
    </AppPage>
  );
}
