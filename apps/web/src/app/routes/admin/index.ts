// The admin's back office, loaded only when an admin opens it. Only its pages pick dates, so the date
// pickers' styles come with it.
import '@mantine/dates/styles.css';
export { AdminBonusExceptionPage } from './bonus-exception-page';
export { AdminBonusSettingsPage } from './bonus-settings-page';
export { AdminBonusUploadPage } from './bonus-upload-page';
export { AdminCartBindingPage } from './card-binding-page';
export { AdminCheckReceiptPage } from './check-receipt-page';
export { AdminExportPaymentPage } from './export-payment-page';
export { AdminPaymentsPage } from './payments-page';
export { AdminPurchaseCoverPage } from './purchases-page';
export { AdminReportClientsPage } from './report-clients-page';
export { AdminTelegramSchedulerPage } from './telegram-scheduler-page';
export { AdminTelegramSchedulerStatisticsPage } from './telegram-scheduler-statistics-page';
export { AdminUserPage } from './users-page';
