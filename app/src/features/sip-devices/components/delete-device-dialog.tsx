import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { deleteSipDevice } from '../api/delete-device';
import { sipDevicesKey, type SipDevice } from '../api/get-devices';

interface DeleteDeviceDialogProps {
  device: SipDevice;
  onClose: () => void;
}

export function DeleteDeviceDialog({ device, onClose }: DeleteDeviceDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteSipDevice(device.id),
    onSuccess: async () => {
      toast.success(`${device.username} deleted`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: sipDevicesKey });
    },
  });
  return (
    <ConfirmDialog
      title="Delete Device"
      confirmLabel="Delete Device"
      danger
      pending={remove.isPending}
      error={remove.isError ? messageOf(remove.error, 'Could not delete the device.') : null}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <p>
        Delete {device.username}? Phones using these credentials can no longer register or place
        calls.
      </p>
    </ConfirmDialog>
  );
}
