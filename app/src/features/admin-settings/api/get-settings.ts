import type { SettingsInput } from '../../../lib/core';
import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

/** The eight platform settings, as decimal text exactly as the server stores them. */
export type PlatformSettings = Required<SettingsInput>;

export type Configuration = Schema<'PlatformConfiguration'>;

export type SettingsResponse = Schema<'SettingsPage'>;

export const settingsKey = ['admin', 'settings'] as const;

export function useSettings() {
  return useApiGet<SettingsResponse>(settingsKey, '/admin/settings', { staleTime: 0 });
}
