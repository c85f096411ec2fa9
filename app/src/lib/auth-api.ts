import { api } from './api-client';
import type { User } from './auth-context';

export async function fetchUserInfo(options?: { redirectOnAuthFailure?: boolean }): Promise<User> {
  const data = await api.get<{ user: User }>('/user/info', options);
  return data.user;
}

/** Signed in, or (202) the password was right and a second step is owed. */
export type LoginAnswer =
  { user: User; accessToken: string } | { twoFactorRequired: true; challenge: string };

export function loginRequest(email: string, password: string, remember: boolean) {
  return api.post<LoginAnswer>('/auth/login', {
    email,
    password,
    remember,
  });
}

/** The second step: a code from the authenticator app, or a recovery code. */
export function secondStepRequest(challenge: string, code: string) {
  return api.post<{ user: User; accessToken: string }>('/auth/login/2fa', { challenge, code });
}

export function signupRequest(name: string, email: string, password: string) {
  return api.post<unknown>('/auth/signup', { name, email, password });
}

export function logoutRequest() {
  return api.post<unknown>('/auth/logout');
}
