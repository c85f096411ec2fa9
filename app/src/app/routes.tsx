import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AdminLayout } from '../components/layouts/admin-layout';
import { ClientLayout } from '../components/layouts/client-layout';
import { PublicLayout } from '../components/layouts/public-layout';
import { AboutPage } from '../features/about/pages/about-page';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { SignupPage } from '../features/auth/pages/signup-page';
import { ContactPage } from '../features/contact/pages/contact-page';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { FeaturesPage } from '../features/feature-tour/pages/features-page';
import { HomePage } from '../features/home/pages/home-page';
import { FaqPage } from '../features/legal/pages/faq-page';
import privacy from '../features/legal/components/privacy.json';
import refund from '../features/legal/components/refund.json';
import terms from '../features/legal/components/terms.json';
import { LegalPage } from '../features/legal/pages/legal-page';
import { PricingPage } from '../features/pricing/pages/pricing-page';
import { ProductsPage } from '../features/products/pages/products-page';
import { AppRoot } from './app-root';
import { RequireAdmin, RequireClient } from './guards';
import { paths } from './paths';

/**
 * A page of a signed-in area, downloaded the first time it is shown (the area shell
 * shows a spinner meanwhile): a visitor of the public site downloads none of them.
 */
function lazyPage<M>(module: () => Promise<M>, pick: (m: M) => ComponentType): ReactElement {
  const Page = lazy(async () => ({ default: pick(await module()) }));
  return <Page />;
}

/** Each page at its path from paths.ts; an area's own root is its index route. */
function pages(root: string, table: Array<[string, ReactElement]>): RouteObject[] {
  return [
    ...table.map(([path, element]): RouteObject =>
      path === root ? { index: true, element } : { path, element },
    ),
    { path: '*', element: <NotFoundPage /> },
  ];
}

const publicPages: Array<[string, ReactElement]> = [
  [paths.home, <HomePage />],
  [paths.products, <ProductsPage />],
  [paths.features, <FeaturesPage />],
  [paths.pricing, <PricingPage />],
  [paths.about, <AboutPage />],
  [paths.contact, <ContactPage />],
  [paths.terms, <LegalPage text={terms} />],
  [paths.privacy, <LegalPage text={privacy} />],
  [paths.refund, <LegalPage text={refund} />],
  [paths.faq, <FaqPage />],
  [paths.login, <LoginPage />],
  [paths.signup, <SignupPage />],
  [paths.forgotPassword, <ForgotPasswordPage />],
  [paths.resetPassword, <ResetPasswordPage />],
];

const clientPages: Array<[string, ReactElement]> = [
  [
    paths.client.root,
    lazyPage(
      () => import('../features/client-dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  ],
  [
    paths.client.settings,
    lazyPage(
      () => import('../features/settings/pages/settings-page'),
      (m) => m.SettingsPage,
    ),
  ],
  [
    paths.client.deposit,
    lazyPage(
      () => import('../features/payments/pages/deposit-page'),
      (m) => m.DepositPage,
    ),
  ],
  [
    paths.client.paymentRoute,
    lazyPage(
      () => import('../features/payments/pages/payment-page'),
      (m) => m.PaymentPage,
    ),
  ],
  [
    paths.client.transactions,
    lazyPage(
      () => import('../features/transactions/pages/transactions-page'),
      (m) => m.TransactionsPage,
    ),
  ],
  [
    paths.client.myNumbers,
    lazyPage(
      () => import('../features/numbers/pages/my-numbers-page'),
      (m) => m.MyNumbersPage,
    ),
  ],
  [
    paths.client.buyNumber,
    lazyPage(
      () => import('../features/numbers/pages/buy-number-page'),
      (m) => m.BuyNumberPage,
    ),
  ],
  [
    paths.client.myPackages,
    lazyPage(
      () => import('../features/packages/pages/my-packages-page'),
      (m) => m.MyPackagesPage,
    ),
  ],
  [
    paths.client.buyPackage,
    lazyPage(
      () => import('../features/packages/pages/buy-package-page'),
      (m) => m.BuyPackagePage,
    ),
  ],
  [
    paths.client.callHistory,
    lazyPage(
      () => import('../features/call-history/pages/call-history-page'),
      (m) => m.CallHistoryPage,
    ),
  ],
  [
    paths.client.sendSms,
    lazyPage(
      () => import('../features/sms/pages/send-sms-page'),
      (m) => m.SendSmsPage,
    ),
  ],
  [
    paths.client.messages,
    lazyPage(
      () => import('../features/messages/pages/messages-page'),
      (m) => m.MessagesPage,
    ),
  ],
  [
    paths.client.phone,
    lazyPage(
      () => import('../features/phone/pages/phone-page'),
      (m) => m.PhonePage,
    ),
  ],
  [
    paths.client.sipDevices,
    lazyPage(
      () => import('../features/sip-devices/pages/sip-devices-page'),
      (m) => m.SipDevicesPage,
    ),
  ],
  [
    paths.client.ivr,
    lazyPage(
      () => import('../features/ivr/pages/ivr-flows-page'),
      (m) => m.IvrFlowsPage,
    ),
  ],
  [
    paths.client.ivrNew,
    lazyPage(
      () => import('../features/ivr/pages/ivr-editor-page'),
      (m) => m.IvrEditorPage,
    ),
  ],
  [
    paths.client.ivrFlowRoute,
    lazyPage(
      () => import('../features/ivr/pages/ivr-editor-page'),
      (m) => m.IvrEditorPage,
    ),
  ],
  [
    paths.client.api,
    lazyPage(
      () => import('../features/developer/pages/api-page'),
      (m) => m.ApiPage,
    ),
  ],
  [
    paths.client.debugger,
    lazyPage(
      () => import('../features/debugger/pages/debugger-page'),
      (m) => m.DebuggerPage,
    ),
  ],
  [
    paths.client.billing,
    lazyPage(
      () => import('../features/billing/pages/billing-page'),
      (m) => m.BillingPage,
    ),
  ],
  [
    paths.client.permissions,
    lazyPage(
      () => import('../features/permissions/pages/permissions-page'),
      (m) => m.PermissionsPage,
    ),
  ],
  [
    paths.client.notifications,
    lazyPage(
      () => import('../features/notifications/pages/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  ],
];

const adminPages: Array<[string, ReactElement]> = [
  [
    paths.admin.fraud,
    lazyPage(
      () => import('../features/admin-fraud/pages/fraud-page'),
      (m) => m.FraudPage,
    ),
  ],
  [
    paths.admin.permissions,
    lazyPage(
      () => import('../features/admin-permissions/pages/admin-permissions-page'),
      (m) => m.AdminPermissionsPage,
    ),
  ],
  [
    paths.admin.root,
    lazyPage(
      () => import('../features/admin-overview/pages/overview-page'),
      (m) => m.OverviewPage,
    ),
  ],
  [
    paths.admin.messages,
    lazyPage(
      () => import('../features/admin-messages/pages/messages-page'),
      (m) => m.MessagesPage,
    ),
  ],
  [
    paths.admin.balances,
    lazyPage(
      () => import('../features/admin-balances/pages/balances-page'),
      (m) => m.BalancesPage,
    ),
  ],
  [
    paths.admin.phones,
    lazyPage(
      () => import('../features/admin-phones/pages/phones-page'),
      (m) => m.PhonesPage,
    ),
  ],
  [
    paths.admin.packages,
    lazyPage(
      () => import('../features/admin-packages/pages/packages-page'),
      (m) => m.PackagesPage,
    ),
  ],
  [
    paths.admin.countryPricing,
    lazyPage(
      () => import('../features/country-pricing/pages/country-pricing-page'),
      (m) => m.CountryPricingPage,
    ),
  ],
  [
    paths.admin.rateDecks,
    lazyPage(
      () => import('../features/rate-decks/pages/rate-decks-page'),
      (m) => m.RateDecksPage,
    ),
  ],
  [
    paths.admin.callHistory,
    lazyPage(
      () => import('../features/call-history/pages/admin-call-history-page'),
      (m) => m.AdminCallHistoryPage,
    ),
  ],
  [
    paths.admin.users,
    lazyPage(
      () => import('../features/admin-users/pages/users-page'),
      (m) => m.UsersPage,
    ),
  ],
  [
    paths.admin.analytics,
    lazyPage(
      () => import('../features/admin-analytics/pages/analytics-page'),
      (m) => m.AnalyticsPage,
    ),
  ],
  [
    paths.admin.audit,
    lazyPage(
      () => import('../features/admin-audit/pages/audit-page'),
      (m) => m.AuditPage,
    ),
  ],
  [
    paths.admin.settings,
    lazyPage(
      () => import('../features/admin-settings/pages/admin-settings-page'),
      (m) => m.AdminSettingsPage,
    ),
  ],
];

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { element: <PublicLayout />, children: pages(paths.home, publicPages) },
      {
        path: paths.client.root,
        element: <RequireClient />,
        children: [{ element: <ClientLayout />, children: pages(paths.client.root, clientPages) }],
      },
      {
        path: paths.admin.root,
        element: <RequireAdmin />,
        children: [{ element: <AdminLayout />, children: pages(paths.admin.root, adminPages) }],
      },
    ],
  },
];
