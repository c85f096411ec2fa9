/** Every route path of the app, in one place. */
export const paths = {
  home: '/',
  products: '/products',
  features: '/features',
  pricing: '/pricing',
  about: '/about',
  contact: '/contact',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund',
  faq: '/faq',
  client: {
    root: '/client',
    myNumbers: '/client/my-numbers',
    myPackages: '/client/my-packages',
    buyNumber: '/client/buy-number',
    buyPackage: '/client/buy-package',
    callHistory: '/client/call-history',
    sendSms: '/client/send-sms',
    deposit: '/client/deposit',
    transactions: '/client/transactions',
    notifications: '/client/notifications',
    settings: '/client/settings',
    payment: (clientSecret: string) => `/client/payment/${encodeURIComponent(clientSecret)}`,
  },
  admin: {
    root: '/admin',
    users: '/admin/users',
    balances: '/admin/balances',
    phones: '/admin/phones',
    packages: '/admin/packages',
    callHistory: '/admin/call-history',
    countryPricing: '/admin/country-pricing',
    analytics: '/admin/analytics',
    messages: '/admin/messages',
    audit: '/admin/audit',
    settings: '/admin/settings',
  },
} as const;

/** Paths under these prefixes belong to the signed-in areas and have their own shells. */
export function isAreaPath(pathname: string): boolean {
  return pathname.startsWith('/admin') || pathname.startsWith('/client');
}
