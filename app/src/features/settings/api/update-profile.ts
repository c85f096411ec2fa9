import { api } from '../../../lib/api-client';
import type { User } from '../../../lib/auth-context';

export type ProfileUpdate = {
  firstName: string;
  lastName: string;
  email: string;
  emailNotifications: boolean;
  smsNotifications: boolean;
  /** Needed only when the email changes. */
  currentPassword?: string;
};

export async function updateProfile(profile: ProfileUpdate): Promise<User> {
  const data = await api.put<{ user: User }>('/user/profile', profile);
  return data.user;
}
