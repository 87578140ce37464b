import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ADMIN_BONUS_PATH, NOT_FOUND_TITLE, type RouteName, routes } from '@/config/routes';
import { AppLoading } from '@/components/app-loading';
import { NotFoundPage } from '@/components/not-found-page';
import { Guard } from './guard';
import { PublicShell } from './layouts/public-shell';
import { Root } from './root';
import { RouteError } from './route-error';

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

// One chunk per role's area: staff pages never reach a client's browser up front.
const publicPages = () => import('./routes/public');
const authPages = () => import('./routes/auth');
const personalPages = () => import('./routes/personal');
const adminPages = () => import('./routes/admin');
const storekeeperPages = () => import('./routes/storekeeper');
const logisticianPages = () => import('./routes/logistician');
const personalShell = () => import('./layouts/personal-shell');
const staffShell = () => import('./layouts/staff-shell');

export const routeTree: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // The first paint waits for the opened page's lazy module; without a fallback the router warns.
    HydrateFallback: AppLoading,
    children: [
      {
        element: <PublicShell />,
        children: [
          page('Main', publicPages, 'MainPage'),
          page('PaymentResult', publicPages, 'PaymentResultPage'),
          page('DeliveryAndPayment', publicPages, 'DeliveryAndPaymentPage'),
          page('Contacts', publicPages, 'ContactsPage'),
          page('Terms', publicPages, 'TermsPage'),
          page('Policy', publicPages, 'PolicyPage'),
          page('AcceptPolicy', publicPages, 'AcceptPolicyPage'),
          page('ReturnGoods', publicPages, 'ReturnGoodsPage'),
          page('Order', publicPages, 'OrderPage'),
          page('SandboxPayment', publicPages, 'SandboxPaymentPage'),
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
                page('PersonalHome', personalPages, 'PersonalHomePage'),
                page('PersonalUnpaidOrders', personalPages, 'PersonalUnpaidOrdersPage'),
                page('PersonalPaidOrders', personalPages, 'PersonalPaidOrdersPage'),
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
          { path: '*', element: <NotFoundPage />, handle: { title: NOT_FOUND_TITLE } },
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
];

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}
