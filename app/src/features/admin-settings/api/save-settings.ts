import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';
import { settingsKey, type PlatformSettings, type SettingsResponse } from './get-settings';

export type SaveSettingsResult = Schema<'SettingsSaved'>;

export function saveSettings(settings: PlatformSettings) {
  return api.put<SaveSettingsResult>('/admin/settings', settings);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (result) => {
      queryClient.setQueryData<SettingsResponse>(settingsKey, (current) =>
        current ? { ...current, settings: result.settings } : current,
      );
    },
  });
}
