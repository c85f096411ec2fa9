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
    'rate_deck.': 'Rate decks',
  },
  'All Actions',
);

const targetLabels: Record<string, string> = {
  user: 'User',
  phone_number: 'Number',
  package: 'Package',
  country: 'Country',
  settings: 'Settings',
  contact_message: 'Message',
  rate_deck: 'Rate deck',
  call: 'Call',
};

export function targetLabel(type: string): string {
  return targetLabels[type] ?? type;
}
