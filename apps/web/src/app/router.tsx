import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ADMIN_BONUS_PATH, NOT_FOUND_TITLE, type RouteName, routes } from '@/config/routes';
import { AppLoading } from '@/components/app-loading';
import { BootError } from './boot-error';
import { Guard } from './guard';
import { Root } from './root';
import { AppShell, AppShellError } from './app-shell';
import PublicShell from './layouts/public-shell';

type PageModule = Record<string, ComponentType>;

/** A route of the table with its title in `handle`; the page module is loaded when first opened. */
function page(name: RouteName, load: () => Promise<PageModule>, exportName: string): RouteObject {
  return {
    path: routes[name].path,
    handle: { name, title: routes[name].title },
    lazy: async () => {
      const module = await load();
      const Component = module[exportName];
      if (!Component) throw new Error(`${exportName} is missing from its page module`);
      return { Component };
    },
  };
}

/** A layout route loaded with its area, so staff code never reaches a client's browser up front. */
function layout(load: () => Promise<{ default: ComponentType }>, children: RouteObject[]): RouteObject {
  return { lazy: async () => ({ Component: (await load()).default }), children };
}

// The entry holds routing, the guards, the session, the app shell (the UI kit's provider, the query
// cache, toasts, dialogs, the loading bar) and the public layout: every client's page needs them, and a
// page the server rendered is read before any script runs (decision 036), so a chunk of their own only
// added requests (decision 037). Each area's pages are a lazy chunk loaded with the opened page; staff
// pages never reach a client's browser up front.
const publicPages = () => import('./routes/public');
const documentPages = () => import('./routes/public/documents');
const publicPaymentPages = () => import('./routes/public/payments');
const authPages = () => import('./routes/auth');
const personalPages = () => import('./routes/personal');
const personalOrderPages = () => import('./routes/personal/orders');
const adminPages = () => import('./routes/admin');
const storekeeperPages = () => import('./routes/storekeeper');
const logisticianPages = () => import('./routes/logistician');
const personalShell = () => import('./layouts/personal-shell');
const staffShell = () => import('./layouts/staff-shell');

export const routeTree: RouteObject[] = [
  {
    element: <Root />,
    // Only for when the app shell itself fails; a page's error is shown by the shell's own.
    errorElement: <BootError />,
    // The first paint waits for the opened page's lazy modules; without a fallback the router warns.
    HydrateFallback: AppLoading,
    children: [
      {
        Component: AppShell,
        ErrorBoundary: AppShellError,
        children: [
          {
            Component: PublicShell,
            children: [
              page('Main', publicPages, 'MainPage'),
              page('PaymentResult', publicPaymentPages, 'PaymentResultPage'),
              page('DeliveryAndPayment', documentPages, 'DeliveryAndPaymentPage'),
              page('Contacts', documentPages, 'ContactsPage'),
              page('Terms', documentPages, 'TermsPage'),
              page('Policy', documentPages, 'PolicyPage'),
              page('AcceptPolicy', documentPages, 'AcceptPolicyPage'),
              page('ReturnGoods', documentPages, 'ReturnGoodsPage'),
              page('Order', publicPaymentPages, 'OrderPage'),
              page('SandboxPayment', publicPaymentPages, 'SandboxPaymentPage'),
              {
                element: <Guard access={routes.Signin.access} />,
                children: [
                  page('Signin', authPages, 'SigninPage'),
                  page('Signup', authPages, 'SignupPage'),
                  page('ForgotPassword', authPages, 'ForgotPasswordPage'),
                  page('ResetPassword', authPages, 'ResetPasswordPage'),
                ],
              },
              {
                element: <Guard access={routes.PersonalHome.access} />,
                children: [
                  layout(personalShell, [
                    page('PersonalHome', personalOrderPages, 'PersonalHomePage'),
                    page('PersonalUnpaidOrders', personalOrderPages, 'PersonalUnpaidOrdersPage'),
                    page('PersonalPaidOrders', personalOrderPages, 'PersonalPaidOrdersPage'),
                    page('PersonalBonus', personalPages, 'PersonalBonusPage'),
                    page('PersonalDelivery', personalPages, 'PersonalDeliveryPage'),
                    page('PersonalProfile', personalPages, 'PersonalProfilePage'),
                  ]),
                ],
              },
              {
                element: <Guard access={routes.PersonalActivation.access} />,
                children: [layout(personalShell, [page('PersonalActivation', personalPages, 'PersonalActivationPage')])],
              },
              {
                path: '*',
                handle: { title: NOT_FOUND_TITLE },
                lazy: async () => ({ Component: (await publicPages()).NotFoundPage }),
              },
            ],
          },
          {
            element: <Guard access={routes.AdminPurchaseCover.access} />,
            children: [
              layout(staffShell, [
                page('AdminPurchaseCover', adminPages, 'AdminPurchaseCoverPage'),
                page('AdminCartBinding', adminPages, 'AdminCartBindingPage'),
                { path: ADMIN_BONUS_PATH, element: <Navigate to={routes.AdminBonusException.path} replace /> },
                page('AdminBonusSettings', adminPages, 'AdminBonusSettingsPage'),
                page('AdminBonusException', adminPages, 'AdminBonusExceptionPage'),
                page('AdminBonusUpload', adminPages, 'AdminBonusUploadPage'),
                page('AdminUser', adminPages, 'AdminUserPage'),
                page('AdminPayments', adminPages, 'AdminPaymentsPage'),
                page('AdminCheckReceipt', adminPages, 'AdminCheckReceiptPage'),
                page('AdminExportPayment', adminPages, 'AdminExportPaymentPage'),
                page('AdminReportClients', adminPages, 'AdminReportClientsPage'),
                page('AdminTelegramScheduler', adminPages, 'AdminTelegramSchedulerPage'),
                page('AdminTelegramSchedulerStatistics', adminPages, 'AdminTelegramSchedulerStatisticsPage'),
              ]),
            ],
          },
          {
            element: <Guard access={routes.StorekeeperHome.access} />,
            children: [layout(staffShell, [page('StorekeeperHome', storekeeperPages, 'StorekeeperHomePage')])],
          },
          {
            element: <Guard access={routes.LogisticianMain.access} />,
            children: [
              layout(staffShell, [
                page('LogisticianMain', logisticianPages, 'LogisticianMainPage'),
                page('LogisticianInvoices', logisticianPages, 'LogisticianInvoicesPage'),
                page('LogisticianPvz', logisticianPages, 'LogisticianPvzPage'),
                page('LogisticianSettingsBoxberry', logisticianPages, 'LogisticianSettingsBoxberryPage'),
                page('LogisticianSettingsPriceList', logisticianPages, 'LogisticianSettingsPriceListPage'),
              ]),
            ],
          },
        ],
      },
    ],
  },
];
