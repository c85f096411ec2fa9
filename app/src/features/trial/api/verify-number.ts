import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { VerifyInput } from '../../../lib/core';
import { trialKey, type Trial } from './get-trial';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

/** Sends a 6-digit code by SMS to the number. */
export function requestCode(number: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/trial/verify', { number });
}

export function confirmCode(input: VerifyInput): Promise<Trial> {
  return api.post<Trial>('/trial/verify/confirm', input);
}

export function useConfirmCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCode,
    onSuccess: (trial) => {
      queryClient.setQueryData(trialKey, trial);
      // The first verified number grants the trial credit.
      void refreshAfterWrite(queryClient, { queryKey: ['dashboard'] });
    },
  });
}
