// The admin's back office, loaded only when an admin opens it.
export { AdminCartBindingPage } from './card-binding-page';
export {
  AdminBonusExceptionPage,
  AdminBonusSettingsPage,
  AdminBonusUploadPage,
  AdminCheckReceiptPage,
  AdminExportPaymentPage,
  AdminPaymentsPage,
  AdminReportClientsPage,
  AdminTelegramSchedulerPage,
  AdminTelegramSchedulerStatisticsPage,
} from './placeholder-pages';
export { AdminPurchaseCoverPage } from './purchases-page';
export { AdminUserPage } from './users-page';
