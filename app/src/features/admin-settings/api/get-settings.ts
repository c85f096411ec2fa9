import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SettingsInput } from '../../../lib/core';

/** The seven platform settings, as decimal text exactly as the server stores them. */
export type PlatformSettings = SettingsInput;

export interface Configuration {
  mail: { mode: 'smtp' | 'outbox'; smtp: string | null; from: string; supportEmail: string };
  payments: {
    provider: 'sandbox' | 'stripe';
    publishableKey: string | null;
    webhookSecretSet: boolean;
    apiBase: string;
  };
  sms: { provider: string; url: string | null };
}

export interface SettingsResponse {
  settings: PlatformSettings;
  configuration: Configuration;
}

export const settingsKey = ['admin', 'settings'] as const;

export function getSettings(): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/admin/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings, staleTime: 0 });
}
