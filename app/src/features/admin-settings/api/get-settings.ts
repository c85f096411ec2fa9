import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SettingsInput } from '../../../lib/core';
import type { Schema } from '../../../lib/api-types';

/** The eight platform settings, as decimal text exactly as the server stores them. */
export type PlatformSettings = Required<SettingsInput>;

export type Configuration = Schema<'PlatformConfiguration'>;

export type SettingsResponse = Schema<'SettingsPage'>;

export const settingsKey = ['admin', 'settings'] as const;

export function getSettings(): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/admin/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings, staleTime: 0 });
}
