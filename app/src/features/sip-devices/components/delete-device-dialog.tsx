import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { deleteSipDevice } from '../api/delete-device';
import { sipDevicesKey, type SipDevice } from '../api/get-devices';

interface DeleteDeviceDialogProps {
  device: SipDevice;
  onClose: () => void;
}

export function DeleteDeviceDialog({ device, onClose }: DeleteDeviceDialogProps) {
  return (
    <ActionConfirmDialog
      title="Delete Device"
      confirmLabel="Delete Device"
      danger
      action={() => deleteSipDevice(device.id)}
      success={`${device.username} deleted`}
      refresh={sipDevicesKey}
      failure="Could not delete the device."
      onClose={onClose}
    >
      <p>
        Delete {device.username}? Phones using these credentials can no longer register or place
        calls.
      </p>
    </ActionConfirmDialog>
  );
}
