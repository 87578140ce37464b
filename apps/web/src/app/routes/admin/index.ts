// The admin's back office, loaded only when an admin opens it.
export { AdminCartBindingPage } from './card-binding-page';
export { AdminCheckReceiptPage } from './check-receipt-page';
export { AdminExportPaymentPage } from './export-payment-page';
export { AdminPaymentsPage } from './payments-page';
export {
  AdminBonusExceptionPage,
  AdminBonusSettingsPage,
  AdminBonusUploadPage,
  AdminReportClientsPage,
  AdminTelegramSchedulerPage,
  AdminTelegramSchedulerStatisticsPage,
} from './placeholder-pages';
export { AdminPurchaseCoverPage } from './purchases-page';
export { AdminUserPage } from './users-page';
