import {
  dangerConfirm,
  type ActionConfirm,
} from '../../../components/ui/dialogs/action-confirm-dialog';
import {
  dismissAlert,
  fraudAlertsKey,
  suspendFromAlert,
  type FraudAlert,
} from '../api/fraud-alerts';

export function suspendConfirm(alert: FraudAlert) {
  return dangerConfirm('suspend the account', () => suspendFromAlert(alert.id), fraudAlertsKey, {
    title: 'Suspend Account',
    success: `${alert.email} suspended`,
    children: (
      <p>
        Suspend {alert.name} ({alert.email})? They are signed out, their calls in progress are hung
        up and new calls and messages are refused until you reactivate the account on Manage Users.
        Their balance is not touched.
      </p>
    ),
  });
}

export function dismissConfirm(alert: FraudAlert): ActionConfirm<FraudAlert> {
  return {
    title: 'Dismiss Alert',
    confirmLabel: 'Dismiss',
    action: () => dismissAlert(alert.id),
    refresh: fraudAlertsKey,
    failure: 'Could not dismiss the alert.',
    success: 'Alert dismissed',
    children: (
      <p>
        Dismiss this alert on {alert.email} as a false alarm? The same pattern raises a new alert
        the next time it is seen.
      </p>
    ),
  };
}
