/**
 * Every route path of the app, in one place: the route table (routes.tsx), the app's
 * links and the browser tests (e2e/routes.ts) all read it.
 */
export const paths = {
  home: '/',
  products: '/products',
  features: '/features',
  pricing: '/pricing',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund',
  faq: '/faq',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  client: {
    root: '/client',
    myNumbers: '/client/my-numbers',
    myPackages: '/client/my-packages',
    buyNumber: '/client/buy-number',
    buyPackage: '/client/buy-package',
    callHistory: '/client/call-history',
    deposit: '/client/deposit',
    billing: '/client/billing',
    transactions: '/client/transactions',
    notifications: '/client/notifications',
    sendSms: '/client/send-sms',
    messages: '/client/messages',
    sipDevices: '/client/sip-devices',
    phone: '/client/phone',
    ivr: '/client/ivr',
    ivrNew: '/client/ivr/new',
    /** The editor of a saved flow (route pattern `ivrFlowRoute`). */
    ivrFlow: (id: number) => `/client/ivr/${id}`,
    ivrFlowRoute: '/client/ivr/:id',
    api: '/client/api',
    debugger: '/client/debugger',
    permissions: '/client/permissions',
    settings: '/client/settings',
    /** The payment page of a deposit's client secret (route pattern `paymentRoute`). */
    payment: (clientSecret: string) => `/client/payment/${encodeURIComponent(clientSecret)}`,
    paymentRoute: '/client/payment/:id',
  },
  admin: {
    root: '/admin',
    users: '/admin/users',
    balances: '/admin/balances',
    phones: '/admin/phones',
    packages: '/admin/packages',
    callHistory: '/admin/call-history',
    countryPricing: '/admin/country-pricing',
    rateDecks: '/admin/rate-decks',
    analytics: '/admin/analytics',
    messages: '/admin/messages',
    audit: '/admin/audit',
    permissions: '/admin/permissions',
    fraud: '/admin/fraud',
    settings: '/admin/settings',
  },
} as const;

/** The fixed paths of a group (no parameter, no sub-group), in the table's order. */
function fixed(group: Record<string, unknown>): string[] {
  return Object.values(group).filter(
    (path): path is string => typeof path === 'string' && !path.includes(':'),
  );
}

/** Every page a visitor can open, the signed-in areas apart. */
export const publicPaths = fixed(paths);
/** Every page of the client area but the payment page (its path needs a client secret). */
export const clientPaths = fixed(paths.client);
export const adminPaths = fixed(paths.admin);

/** Paths under these prefixes belong to the signed-in areas and have their own shells. */
export function isAreaPath(pathname: string): boolean {
  return pathname.startsWith(paths.admin.root) || pathname.startsWith(paths.client.root);
}

/**
 * Every route pattern of the table (`/client/ivr/:id` style), for the server: the build
 * writes it to routes.json, and the server answers a path none of them matches with the
 * app's 404 page and status 404.
 */
export function routePatterns(group: Record<string, unknown> = paths): string[] {
  return Object.values(group).flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    if (entry !== null && typeof entry === 'object') {
      return routePatterns(entry as Record<string, unknown>);
    }
    return [];
  });
}
