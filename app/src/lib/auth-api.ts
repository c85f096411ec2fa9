import { api } from './api-client';
import type { User } from './auth-context';

export async function fetchUserInfo(options?: { redirectOnAuthFailure?: boolean }): Promise<User> {
  const data = await api.get<{ user: User }>('/user/info', options);
  return data.user;
}

export function loginRequest(email: string, password: string, remember: boolean) {
  return api.post<{ user: User; accessToken: string }>('/auth/login', {
    email,
    password,
    remember,
  });
}

export function signupRequest(name: string, email: string, password: string) {
  return api.post<unknown>('/auth/signup', { name, email, password });
}

export function logoutRequest() {
  return api.post<unknown>('/auth/logout');
}
