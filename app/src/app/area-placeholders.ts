export interface AreaPlaceholder {
  path: string;
  title: string;
  description: string;
}

/** Client pages still showing only their title and purpose. */
export const clientPlaceholders: AreaPlaceholder[] = [];

/** Admin pages still showing only their title and purpose. */
export const adminPlaceholders: AreaPlaceholder[] = [
  {
    path: 'users',
    title: 'Manage Users',
    description: 'Every customer and administrator account with its status and role.',
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
