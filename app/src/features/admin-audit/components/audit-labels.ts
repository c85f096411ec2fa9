import { optionsOf } from '../../../components/ui/forms/select-field';

export const actionFilterOptions = optionsOf(
  {
    'user.': 'Users',
    'balance.': 'Balances',
    'phone.': 'Numbers',
    'package.': 'Packages',
    'country.': 'Countries',
    'settings.': 'Settings',
    'message.': 'Messages',
    'call.': 'Calls',
  },
  'All Actions',
);

const actionLabels: Record<string, string> = {
  'user.email': 'Sent an email',
  'user.role': 'Changed role',
  'user.suspend': 'Suspended user',
  'user.reactivate': 'Reactivated user',
  'balance.credit': 'Added funds',
  'balance.debit': 'Deducted funds',
  'phone.create': 'Added number',
  'phone.reassign': 'Reassigned number',
  'phone.change_country': 'Changed number country',
  'phone.activate': 'Activated number',
  'phone.deactivate': 'Deactivated number',
  'package.create': 'Created package',
  'package.update': 'Updated package',
  'package.deactivate': 'Deactivated package',
  'package.delete': 'Deleted package',
  'country.create': 'Added country',
  'country.update': 'Updated country',
  'country.delete': 'Deleted country',
  'settings.update': 'Updated settings',
  'message.handled': 'Marked message handled',
  'call.hangup': 'Hung up call',
  'call.reservation_released': "Released a lost call's hold",
};

/** "user.suspend" -> "Suspended user"; an action this screen does not know stays as sent. */
export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

const targetLabels: Record<string, string> = {
  user: 'User',
  phone_number: 'Number',
  package: 'Package',
  country: 'Country',
  settings: 'Settings',
  contact_message: 'Message',
};

export function targetLabel(type: string): string {
  return targetLabels[type] ?? type;
}
