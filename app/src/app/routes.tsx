import type { RouteObject } from 'react-router-dom';
import { AdminLayout } from '../components/layouts/admin-layout';
import { AreaPage } from '../components/layouts/area-page';
import { ClientLayout } from '../components/layouts/client-layout';
import { PublicLayout } from '../components/layouts/public-layout';
import { AboutPage } from '../features/about/pages/about-page';
import { AnalyticsPage } from '../features/admin-analytics/pages/analytics-page';
import { AuditPage } from '../features/admin-audit/pages/audit-page';
import { BalancesPage } from '../features/admin-balances/pages/balances-page';
import { MessagesPage } from '../features/admin-messages/pages/messages-page';
import { PhonesPage } from '../features/admin-phones/pages/phones-page';
import { OverviewPage } from '../features/admin-overview/pages/overview-page';
import { PackagesPage } from '../features/admin-packages/pages/packages-page';
import { AdminSettingsPage } from '../features/admin-settings/pages/admin-settings-page';
import { UsersPage } from '../features/admin-users/pages/users-page';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { SignupPage } from '../features/auth/pages/signup-page';
import { AdminCallHistoryPage } from '../features/call-history/pages/admin-call-history-page';
import { CallHistoryPage } from '../features/call-history/pages/call-history-page';
import { DashboardPage } from '../features/client-dashboard/pages/dashboard-page';
import { ContactPage } from '../features/contact/pages/contact-page';
import { CountryPricingPage } from '../features/country-pricing/pages/country-pricing-page';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { FeaturesPage } from '../features/feature-tour/pages/features-page';
import { HomePage } from '../features/home/pages/home-page';
import { FaqPage } from '../features/legal/pages/faq-page';
import { PrivacyPage } from '../features/legal/pages/privacy-page';
import { RefundPage } from '../features/legal/pages/refund-page';
import { TermsPage } from '../features/legal/pages/terms-page';
import { NotificationsPage } from '../features/notifications/pages/notifications-page';
import { BuyNumberPage } from '../features/numbers/pages/buy-number-page';
import { MyNumbersPage } from '../features/numbers/pages/my-numbers-page';
import { BuyPackagePage } from '../features/packages/pages/buy-package-page';
import { MyPackagesPage } from '../features/packages/pages/my-packages-page';
import { DepositPage } from '../features/payments/pages/deposit-page';
import { PaymentPage } from '../features/payments/pages/payment-page';
import { PricingPage } from '../features/pricing/pages/pricing-page';
import { ProductsPage } from '../features/products/pages/products-page';
import { SettingsPage } from '../features/settings/pages/settings-page';
import { SendSmsPage } from '../features/sms/pages/send-sms-page';
import { TransactionsPage } from '../features/transactions/pages/transactions-page';
import { AppRoot } from './app-root';
import { adminPlaceholders, clientPlaceholders, type AreaPlaceholder } from './area-placeholders';
import { RequireAdmin, RequireClient } from './guards';

function placeholderRoutes(pages: AreaPlaceholder[]): RouteObject[] {
  return pages.map(({ path, title, description }) => ({
    path,
    element: <AreaPage title={title} description={description} />,
  }));
}

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'products', element: <ProductsPage /> },
          { path: 'features', element: <FeaturesPage /> },
          { path: 'pricing', element: <PricingPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'refund', element: <RefundPage /> },
          { path: 'faq', element: <FaqPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
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
              { index: true, element: <DashboardPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'deposit', element: <DepositPage /> },
              { path: 'payment/:id', element: <PaymentPage /> },
              { path: 'transactions', element: <TransactionsPage /> },
              { path: 'my-numbers', element: <MyNumbersPage /> },
              { path: 'buy-number', element: <BuyNumberPage /> },
              { path: 'my-packages', element: <MyPackagesPage /> },
              { path: 'buy-package', element: <BuyPackagePage /> },
              { path: 'call-history', element: <CallHistoryPage /> },
              { path: 'send-sms', element: <SendSmsPage /> },
              { path: 'notifications', element: <NotificationsPage /> },
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
              { index: true, element: <OverviewPage /> },
              { path: 'messages', element: <MessagesPage /> },
              { path: 'balances', element: <BalancesPage /> },
              { path: 'phones', element: <PhonesPage /> },
              { path: 'packages', element: <PackagesPage /> },
              { path: 'country-pricing', element: <CountryPricingPage /> },
              { path: 'call-history', element: <AdminCallHistoryPage /> },
              { path: 'users', element: <UsersPage /> },
              { path: 'analytics', element: <AnalyticsPage /> },
              { path: 'audit', element: <AuditPage /> },
              { path: 'settings', element: <AdminSettingsPage /> },
              ...placeholderRoutes(adminPlaceholders),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
