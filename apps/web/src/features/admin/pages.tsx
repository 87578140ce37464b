import { SectionPlaceholder } from '@/components/section-placeholder';

export { AdminPurchaseCoverPage } from './purchases/admin-purchases-page';
export { AdminCartBindingPage } from './cards/admin-cards-page';
export const AdminBonusSettingsPage = SectionPlaceholder;
export const AdminBonusExceptionPage = SectionPlaceholder;
export const AdminBonusUploadPage = SectionPlaceholder;
export { AdminUserPage } from './users/admin-users-page';
export const AdminPaymentsPage = SectionPlaceholder;
export const AdminCheckReceiptPage = SectionPlaceholder;
export const AdminExportPaymentPage = SectionPlaceholder;
export const AdminReportClientsPage = SectionPlaceholder;
export const AdminTelegramSchedulerPage = SectionPlaceholder;
export const AdminTelegramSchedulerStatisticsPage = SectionPlaceholder;
