import type { ActionConfirm } from '../../../components/ui/action-confirm-dialog';
import { deleteSipDevice } from '../api/delete-device';
import { sipDevicesKey, type SipDevice } from '../api/get-devices';

export function deleteDeviceConfirm(device: SipDevice): ActionConfirm<unknown> {
  return {
    title: 'Delete Device',
    confirmLabel: 'Delete Device',
    danger: true,
    action: () => deleteSipDevice(device.id),
    success: `${device.username} deleted`,
    refresh: sipDevicesKey,
    failure: 'Could not delete the device.',
    children: (
      <p>
        Delete {device.username}? Phones using these credentials can no longer register or place
        calls.
      </p>
    ),
  };
}
