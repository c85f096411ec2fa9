export interface AreaPlaceholder {
  path: string;
  title: string;
  description: string;
}

/** Client pages still showing only their title and purpose. */
export const clientPlaceholders: AreaPlaceholder[] = [
  {
    path: 'my-numbers',
    title: 'My Numbers',
    description: 'Your virtual phone numbers with their renewal dates, status and monthly fees.',
  },
  {
    path: 'my-packages',
    title: 'My Packages',
    description: 'Your call-minute packages, the minutes left and when each one expires.',
  },
  {
    path: 'buy-number',
    title: 'Buy Number',
    description: 'Choose a country, a number type and a number, then confirm the purchase.',
  },
  {
    path: 'buy-package',
    title: 'Buy Package',
    description: 'Prepaid call-minute packages for your outbound calls.',
  },
  {
    path: 'call-history',
    title: 'Call History',
    description: 'Your inbound and outbound calls with their duration, cost and recordings.',
  },
  {
    path: 'send-sms',
    title: 'Send SMS',
    description: 'Send a text message from your account to any mobile number.',
  },
  {
    path: 'notifications',
    title: 'Notifications',
    description: 'Renewal notices, low-balance warnings and account messages.',
  },
];

/** Admin pages still showing only their title and purpose. */
export const adminPlaceholders: AreaPlaceholder[] = [
  {
    path: 'users',
    title: 'Manage Users',
    description: 'Every customer and administrator account with its status and role.',
  },
  {
    path: 'phones',
    title: 'Manage Phone Numbers',
    description: 'The number inventory: who holds each number, its type, status and fee.',
  },
  {
    path: 'packages',
    title: 'Manage Packages',
    description: 'Call-minute packages on sale, their prices, validity and subscribers.',
  },
  {
    path: 'call-history',
    title: 'Call History',
    description: 'View and manage call records',
  },
  {
    path: 'country-pricing',
    title: 'Country Pricing',
    description: 'Manage rates for different countries',
  },
  {
    path: 'analytics',
    title: 'Analytics',
    description: 'Analytics Dashboard',
  },
  {
    path: 'audit',
    title: 'Audit Log',
    description: 'Who changed what, and when: balances, roles, prices and numbers.',
  },
  {
    path: 'settings',
    title: 'Settings',
    description: 'Platform settings for administrators.',
  },
];
