import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AdminLayout } from '../components/layouts/admin-layout';
import { AreaPage } from '../components/layouts/area-page';
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
import { PrivacyPage } from '../features/legal/pages/privacy-page';
import { RefundPage } from '../features/legal/pages/refund-page';
import { TermsPage } from '../features/legal/pages/terms-page';
import { PricingPage } from '../features/pricing/pages/pricing-page';
import { ProductsPage } from '../features/products/pages/products-page';
import { AppRoot } from './app-root';
import { adminPlaceholders, clientPlaceholders, type AreaPlaceholder } from './area-placeholders';
import { RequireAdmin, RequireClient } from './guards';

function placeholderRoutes(pages: AreaPlaceholder[]): RouteObject[] {
  return pages.map(({ path, title, description }) => ({
    path,
    element: <AreaPage title={title} description={description} />,
  }));
}

/**
 * A page of a signed-in area, downloaded the first time it is shown (the area shell
 * shows a spinner meanwhile): a visitor of the public site downloads none of them.
 */
function lazyPage<M>(module: () => Promise<M>, pick: (m: M) => ComponentType): ReactElement {
  const Page = lazy(async () => ({ default: pick(await module()) }));
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'products',
            element: <ProductsPage />,
          },
          {
            path: 'features',
            element: <FeaturesPage />,
          },
          {
            path: 'pricing',
            element: <PricingPage />,
          },
          {
            path: 'about',
            element: <AboutPage />,
          },
          {
            path: 'contact',
            element: <ContactPage />,
          },
          {
            path: 'terms',
            element: <TermsPage />,
          },
          {
            path: 'privacy',
            element: <PrivacyPage />,
          },
          {
            path: 'refund',
            element: <RefundPage />,
          },
          {
            path: 'faq',
            element: <FaqPage />,
          },
          {
            path: 'login',
            element: <LoginPage />,
          },
          {
            path: 'signup',
            element: <SignupPage />,
          },
          {
            path: 'forgot-password',
            element: <ForgotPasswordPage />,
          },
          {
            path: 'reset-password',
            element: <ResetPasswordPage />,
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'client',
        element: <RequireClient />,
        children: [
          {
            element: <ClientLayout />,
            children: [
              {
                index: true,
                element: lazyPage(
                  () => import('../features/client-dashboard/pages/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: 'settings',
                element: lazyPage(
                  () => import('../features/settings/pages/settings-page'),
                  (m) => m.SettingsPage,
                ),
              },
              {
                path: 'deposit',
                element: lazyPage(
                  () => import('../features/payments/pages/deposit-page'),
                  (m) => m.DepositPage,
                ),
              },
              {
                path: 'payment/:id',
                element: lazyPage(
                  () => import('../features/payments/pages/payment-page'),
                  (m) => m.PaymentPage,
                ),
              },
              {
                path: 'transactions',
                element: lazyPage(
                  () => import('../features/transactions/pages/transactions-page'),
                  (m) => m.TransactionsPage,
                ),
              },
              {
                path: 'my-numbers',
                element: lazyPage(
                  () => import('../features/numbers/pages/my-numbers-page'),
                  (m) => m.MyNumbersPage,
                ),
              },
              {
                path: 'buy-number',
                element: lazyPage(
                  () => import('../features/numbers/pages/buy-number-page'),
                  (m) => m.BuyNumberPage,
                ),
              },
              {
                path: 'my-packages',
                element: lazyPage(
                  () => import('../features/packages/pages/my-packages-page'),
                  (m) => m.MyPackagesPage,
                ),
              },
              {
                path: 'buy-package',
                element: lazyPage(
                  () => import('../features/packages/pages/buy-package-page'),
                  (m) => m.BuyPackagePage,
                ),
              },
              {
                path: 'call-history',
                element: lazyPage(
                  () => import('../features/call-history/pages/call-history-page'),
                  (m) => m.CallHistoryPage,
                ),
              },
              {
                path: 'send-sms',
                element: lazyPage(
                  () => import('../features/sms/pages/send-sms-page'),
                  (m) => m.SendSmsPage,
                ),
              },
              {
                path: 'notifications',
                element: lazyPage(
                  () => import('../features/notifications/pages/notifications-page'),
                  (m) => m.NotificationsPage,
                ),
              },
              ...placeholderRoutes(clientPlaceholders),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              {
                index: true,
                element: lazyPage(
                  () => import('../features/admin-overview/pages/overview-page'),
                  (m) => m.OverviewPage,
                ),
              },
              {
                path: 'messages',
                element: lazyPage(
                  () => import('../features/admin-messages/pages/messages-page'),
                  (m) => m.MessagesPage,
                ),
              },
              {
                path: 'balances',
                element: lazyPage(
                  () => import('../features/admin-balances/pages/balances-page'),
                  (m) => m.BalancesPage,
                ),
              },
              {
                path: 'phones',
                element: lazyPage(
                  () => import('../features/admin-phones/pages/phones-page'),
                  (m) => m.PhonesPage,
                ),
              },
              {
                path: 'packages',
                element: lazyPage(
                  () => import('../features/admin-packages/pages/packages-page'),
                  (m) => m.PackagesPage,
                ),
              },
              {
                path: 'country-pricing',
                element: lazyPage(
                  () => import('../features/country-pricing/pages/country-pricing-page'),
                  (m) => m.CountryPricingPage,
                ),
              },
              {
                path: 'call-history',
                element: lazyPage(
                  () => import('../features/call-history/pages/admin-call-history-page'),
                  (m) => m.AdminCallHistoryPage,
                ),
              },
              {
                path: 'users',
                element: lazyPage(
                  () => import('../features/admin-users/pages/users-page'),
                  (m) => m.UsersPage,
                ),
              },
              {
                path: 'analytics',
                element: lazyPage(
                  () => import('../features/admin-analytics/pages/analytics-page'),
                  (m) => m.AnalyticsPage,
                ),
              },
              {
                path: 'audit',
                element: lazyPage(
                  () => import('../features/admin-audit/pages/audit-page'),
                  (m) => m.AuditPage,
                ),
              },
              {
                path: 'settings',
                element: lazyPage(
                  () => import('../features/admin-settings/pages/admin-settings-page'),
                  (m) => m.AdminSettingsPage,
                ),
              },
              ...placeholderRoutes(adminPlaceholders),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
