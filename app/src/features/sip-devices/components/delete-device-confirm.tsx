import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { deleteSipDevice } from '../api/delete-device';
import { sipDevicesKey, type SipDevice } from '../api/get-devices';

export function deleteDeviceConfirm(device: SipDevice) {
  return dangerConfirm('delete the device', () => deleteSipDevice(device.id), sipDevicesKey, {
    title: 'Delete Device',
    success: `${device.username} deleted`,
    children: (
      <p>
        Delete {device.username}? Phones using these credentials can no longer register or place
        calls.
      </p>
    ),
  });
}
