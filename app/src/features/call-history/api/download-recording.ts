import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiBlob, messageOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { callsBase, type CallScope } from './get-calls';

export function recordingFilename(id: number): string {
  return `dialtone-call-${id}.wav`;
}

export async function downloadRecording(scope: CallScope, id: number): Promise<void> {
  const audio = await apiBlob(`${callsBase(scope)}/${id}/recording`);
  saveBlob(audio, recordingFilename(id));
}

export function useDownloadRecording(scope: CallScope) {
  return useMutation({
    mutationFn: (id: number) => downloadRecording(scope, id),
    onError: (error) => {
      toast.error(messageOf(error, 'Could not download the recording. Please try again.'));
    },
  });
}
