import { APP_PATHS, ORDER_MESSAGES, REFERRAL_PAGE_TITLES } from '@lawn/shared';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './route-handle';

const handle = (title: string): RouteHandle => ({ title });
/** A staff page that whoever is offered the navigation entry `navigation` may use (route-handle.ts). */
const staffPage = (title: string, navigation: string): RouteHandle => ({ title, navigation });

/**
 * Every screen is loaded on demand so the sign-in page does not carry the staff shell. The
 * external shell (ExternalShell.tsx) holds the customer's own screens.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, element: <Navigate to={APP_PATHS.dashboard} replace /> },
      {
        path: APP_PATHS.login,
        handle: handle('Login'),
        lazy: async () => ({ Component: (await import('../features/auth/pages/LoginPage')).LoginPage }),
      },
      {
        path: APP_PATHS.forgotPassword,
        handle: handle('Forgot password'),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/ForgotPasswordPage')).ForgotPasswordPage,
        }),
      },
      {
        path: APP_PATHS.resetPassword,
        handle: handle('Reset password'),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/ResetPasswordPage')).ResetPasswordPage,
        }),
      },
      {
        // The customer web account's sign-in, recovery and reset (customer web login).
        path: APP_PATHS.webLogin,
        handle: handle('Login'),
        lazy: async () => {
          const { LoginPage } = await import('../features/auth/pages/LoginPage');
          return { Component: () => <LoginPage door="customer" /> };
        },
      },
      {
        path: APP_PATHS.webForgotPassword,
        handle: handle('Forgot password'),
        lazy: async () => {
          const { ForgotPasswordPage } = await import('../features/auth/pages/ForgotPasswordPage');
          return { Component: () => <ForgotPasswordPage door="customer" /> };
        },
      },
      {
        path: APP_PATHS.webResetPassword,
        handle: handle('Reset password'),
        lazy: async () => {
          const { ResetPasswordPage } = await import('../features/auth/pages/ResetPasswordPage');
          return { Component: () => <ResetPasswordPage door="customer" /> };
        },
      },
      {
        lazy: async () => ({ Component: (await import('./shells/StaffShell')).StaffShell }),
        children: [
          {
            path: APP_PATHS.dashboard,
            handle: handle('Dashboard'),
            lazy: async () => ({
              Component: (await import('./routes/DashboardLookupPage')).DashboardLookupPage,
            }),
          },
          {
            path: APP_PATHS.lookupSearch,
            handle: staffPage('Lookup', APP_PATHS.lookupSearch),
            lazy: async () => ({
              Component: (await import('../features/lookup/pages/LookupSearchPage')).LookupSearchPage,
            }),
          },
          {
            path: APP_PATHS.customerList,
            handle: staffPage('Customer List', APP_PATHS.customerList),
            lazy: async () => ({
              Component: (await import('./routes/CustomerListPage')).CustomerListPage,
            }),
          },
          {
            path: APP_PATHS.expiredCardList,
            handle: staffPage('Expired Card List', APP_PATHS.expiredCardList),
            lazy: async () => ({
              Component: (await import('./routes/ExpiredCardListPage')).ExpiredCardListPage,
            }),
          },
          {
            path: APP_PATHS.editCustomer,
            handle: staffPage('Customer Record', APP_PATHS.customerList),
            lazy: async () => ({
              Component: (await import('./routes/EditCustomerPage')).EditCustomerPage,
            }),
          },
          {
            path: APP_PATHS.createCustomer,
            handle: staffPage('New customer', APP_PATHS.customerList),
            lazy: async () => ({
              Component: (await import('./routes/CreateCustomerPage')).CreateCustomerPage,
            }),
          },
          {
            path: APP_PATHS.newOrders,
            handle: staffPage(ORDER_MESSAGES.listTitle, APP_PATHS.newOrders),
            lazy: async () => ({
              Component: (await import('./routes/NewOrdersPage')).NewOrdersPage,
            }),
          },
          {
            path: APP_PATHS.leads,
            handle: staffPage('Leads', APP_PATHS.leads),
            lazy: async () => ({ Component: (await import('../features/leads/pages/LeadsPage')).LeadsPage }),
          },
          {
            path: APP_PATHS.reports,
            handle: staffPage('Reports', APP_PATHS.reports),
            lazy: async () => ({ Component: (await import('./routes/ReportPage')).ReportPage }),
          },
          {
            path: APP_PATHS.operationsReport,
            handle: staffPage('Operations Report', APP_PATHS.operationsReport),
            lazy: async () => ({
              Component: (await import('../features/reports/pages/OperationsReportPage')).OperationsReportPage,
            }),
          },
          {
            path: APP_PATHS.reconciliationReport,
            handle: staffPage('Reconciliation Report', APP_PATHS.reconciliationReport),
            lazy: async () => ({
              Component: (await import('../features/reports/pages/ReconciliationReportPage')).ReconciliationReportPage,
            }),
          },
          {
            path: APP_PATHS.bushBedReport,
            handle: staffPage('Bush-Bed Report', APP_PATHS.bushBedReport),
            lazy: async () => ({
              Component: (await import('../features/reports/pages/BushBedReportPage')).BushBedReportPage,
            }),
          },
          {
            path: APP_PATHS.serviceZones,
            handle: staffPage('Service Zones', APP_PATHS.serviceZones),
            lazy: async () => ({
              Component: (await import('../features/service-zones/pages/ServiceZonesPage')).ServiceZonesPage,
            }),
          },
          {
            path: APP_PATHS.referralPanel,
            handle: staffPage(REFERRAL_PAGE_TITLES.active, APP_PATHS.referralPanel),
            lazy: async () => {
              const { ReferralPanelPage } = await import('../features/referrals/pages/ReferralPanelPage');
              return { Component: () => <ReferralPanelPage isResign={false} /> };
            },
          },
          {
            path: APP_PATHS.customerReferralPanel,
            handle: staffPage(REFERRAL_PAGE_TITLES.noResign, APP_PATHS.customerReferralPanel),
            lazy: async () => {
              const { ReferralPanelPage } = await import('../features/referrals/pages/ReferralPanelPage');
              return { Component: () => <ReferralPanelPage isResign /> };
            },
          },
          {
            path: APP_PATHS.paymentList,
            handle: staffPage('Payment List', APP_PATHS.paymentList),
            lazy: async () => {
              const { PaymentListPage } = await import('../features/payments/pages/PaymentListPage');
              return { Component: () => <PaymentListPage audience="staff" /> };
            },
          },
          {
            path: APP_PATHS.paymentConfiguration,
            handle: staffPage('Payment Information', APP_PATHS.paymentList),
            lazy: async () => {
              const { PaymentConfigurationPage } = await import('../features/payments/pages/PaymentConfigurationPage');
              return { Component: () => <PaymentConfigurationPage audience="staff" /> };
            },
          },
          {
            path: APP_PATHS.invoices,
            handle: staffPage('Invoices', APP_PATHS.invoices),
            lazy: async () => ({
              Component: (await import('../features/invoices/pages/InvoicesPage')).InvoicesPage,
            }),
          },
          {
            path: APP_PATHS.scheduleManagement,
            handle: staffPage('Schedule Management', APP_PATHS.scheduleManagement),
            lazy: async () => ({
              Component: (await import('../features/schedule/pages/ScheduleManagementPage')).ScheduleManagementPage,
            }),
          },
          {
            path: APP_PATHS.users,
            handle: staffPage('Users', APP_PATHS.users),
            lazy: async () => ({ Component: (await import('../features/users/pages/UsersPage')).UsersPage }),
          },
          {
            path: APP_PATHS.createUser,
            handle: staffPage('User', APP_PATHS.users),
            lazy: async () => {
              const { AccountFormPage } = await import('../features/users/pages/AccountFormPage');
              return { Component: () => <AccountFormPage kind="staff" /> };
            },
          },
          {
            path: APP_PATHS.crewMembers,
            handle: staffPage('Crew members', APP_PATHS.crewMembers),
            lazy: async () => ({
              Component: (await import('../features/users/pages/CrewMembersPage')).CrewMembersPage,
            }),
          },
          {
            path: APP_PATHS.createCrewMember,
            handle: staffPage('Crew member', APP_PATHS.crewMembers),
            lazy: async () => {
              const { AccountFormPage } = await import('../features/users/pages/AccountFormPage');
              return { Component: () => <AccountFormPage kind="crew" /> };
            },
          },
          {
            path: APP_PATHS.crewPayments,
            handle: staffPage('Crew payments', APP_PATHS.crewPayments),
            lazy: async () => ({
              Component: (await import('../features/users/pages/CrewPaymentsPage')).CrewPaymentsPage,
            }),
          },
          {
            path: APP_PATHS.uploadPayment,
            handle: staffPage('Upload crew payments', APP_PATHS.crewPayments),
            lazy: async () => ({
              Component: (await import('../features/users/pages/UploadPaymentPage')).UploadPaymentPage,
            }),
          },
          {
            path: APP_PATHS.bbCrewMembers,
            handle: staffPage('B&B crews', APP_PATHS.bbCrewMembers),
            lazy: async () => ({ Component: (await import('../features/users/pages/BbCrewsPage')).BbCrewsPage }),
          },
          {
            path: APP_PATHS.bbCreateCrewMember,
            handle: staffPage('B&B crew member', APP_PATHS.bbCrewMembers),
            lazy: async () => {
              const { AccountFormPage } = await import('../features/users/pages/AccountFormPage');
              return { Component: () => <AccountFormPage kind="bb-crew" /> };
            },
          },
          {
            path: APP_PATHS.mowAvailabilities,
            handle: staffPage('Mow Availabilities', APP_PATHS.mowAvailabilities),
            lazy: async () => ({
              Component: (await import('../features/availability/pages/MowAvailabilityPage')).MowAvailabilityPage,
            }),
          },
          {
            path: APP_PATHS.marketMap,
            handle: staffPage('Market Map', APP_PATHS.marketMap),
            lazy: async () => ({
              Component: (await import('../features/market-map/pages/MarketMapPage')).MarketMapPage,
            }),
          },
          {
            path: APP_PATHS.prices,
            handle: staffPage('Prices', APP_PATHS.prices),
            lazy: async () => ({
              Component: (await import('../features/pricing/pages/PricesPage')).PricesPage,
            }),
          },
          {
            path: APP_PATHS.updatePrice,
            handle: staffPage('Price Bulk Update', APP_PATHS.updatePrice),
            lazy: async () => ({
              Component: (await import('../features/price-updates/pages/UpdatePricePage')).UpdatePricePage,
            }),
          },
          {
            path: APP_PATHS.adminPanel,
            handle: staffPage('Admin Panel', APP_PATHS.adminPanel),
            lazy: async () => ({
              Component: (await import('../features/settings/pages/AdminPanelPage')).AdminPanelPage,
            }),
          },
          {
            path: APP_PATHS.alarms,
            handle: staffPage('Alarms', APP_PATHS.alarms),
            lazy: async () => ({ Component: (await import('../features/alarms/pages/AlarmsPage')).AlarmsPage }),
          },
        ],
      },
      {
        path: APP_PATHS.externalSearchPhone,
        handle: handle('Find your schedule'),
        lazy: async () => ({
          Component: (await import('../features/external/pages/ExternalSearchPhonePage')).ExternalSearchPhonePage,
        }),
      },
      {
        path: APP_PATHS.externalSignIn,
        handle: handle('Payment information'),
        lazy: async () => ({
          Component: (await import('../features/external/pages/ExternalAccountNumberPage')).ExternalAccountNumberPage,
        }),
      },
      {
        // The calendar a phone look-up opens: the external shell, whose Logout returns to the phone look-up.
        lazy: async () => {
          const { ExternalShell } = await import('./shells/ExternalShell');
          return { Component: () => <ExternalShell signInPath={APP_PATHS.externalSearchPhone} /> };
        },
        children: [
          {
            path: APP_PATHS.externalCalendar,
            handle: handle('Your mowing schedule'),
            lazy: async () => ({
              Component: (await import('./routes/ExternalCalendarPage')).ExternalCalendarPage,
            }),
          },
        ],
      },
      {
        // The crew's own screens (crew shell, made for a phone).
        lazy: async () => ({ Component: (await import('./shells/CrewShell')).CrewShell }),
        children: [
          {
            path: APP_PATHS.crewToday,
            handle: handle("Today's stops"),
            lazy: async () => ({ Component: (await import('../features/crew/pages/CrewTodayPage')).CrewTodayPage }),
          },
        ],
      },
      {
        // The customer's own area (external shell with its links): their payment list and form, and their services.
        lazy: async () => {
          const { ExternalShell } = await import('./shells/ExternalShell');
          return { Component: () => <ExternalShell accountNavigation /> };
        },
        children: [
          {
            path: APP_PATHS.customerPaymentList,
            handle: handle('Payment List'),
            lazy: async () => {
              const { PaymentListPage } = await import('../features/payments/pages/PaymentListPage');
              return { Component: () => <PaymentListPage audience="customer" /> };
            },
          },
          {
            path: APP_PATHS.customerPaymentConfiguration,
            handle: handle('Payment Information'),
            lazy: async () => {
              const { PaymentConfigurationPage } = await import('../features/payments/pages/PaymentConfigurationPage');
              return { Component: () => <PaymentConfigurationPage audience="customer" /> };
            },
          },
          {
            path: APP_PATHS.customerServices,
            handle: handle('Services'),
            lazy: async () => ({
              Component: (await import('./routes/WebAccountServicesPage')).WebAccountServicesPage,
            }),
          },
        ],
      },
      {
        // The prospect's sign-up pages: public, and loading nothing of the staff app. The quote page
        // (/web/quote) is not a route of the app: it is its own small entry, quote.html (quote-main.tsx).
        lazy: async () => ({ Component: (await import('./shells/PublicShell')).PublicShell }),
        children: [
          {
            path: APP_PATHS.signUp,
            handle: handle('Sign up'),
            lazy: async () => ({ Component: (await import('../features/sign-up/pages/SignUpPage')).SignUpPage }),
          },
          {
            path: APP_PATHS.signUpBilling,
            handle: handle('Billing'),
            lazy: async () => ({ Component: (await import('./routes/SignUpBillingPage')).SignUpBillingPage }),
          },
          {
            path: APP_PATHS.signUpSuccess,
            handle: handle('Success'),
            lazy: async () => ({ Component: (await import('../features/sign-up/pages/SuccessPage')).SuccessPage }),
          },
        ],
      },
      {
        // A page not built yet or a mistyped link: inside the staff shell for a signed-in staff user.
        path: '*',
        handle: handle('Page not found'),
        lazy: async () => ({ Component: (await import('./routes/NotFoundRoute')).NotFoundRoute }),
      },
    ],
  },
];
