import { SectionPlaceholder } from '@/components/section-placeholder';

// Bonuses, payments, reports and Telegram mailings come with later releases.
export const AdminBonusSettingsPage = SectionPlaceholder;
export const AdminBonusExceptionPage = SectionPlaceholder;
export const AdminBonusUploadPage = SectionPlaceholder;
export const AdminPaymentsPage = SectionPlaceholder;
export const AdminCheckReceiptPage = SectionPlaceholder;
export const AdminExportPaymentPage = SectionPlaceholder;
export const AdminReportClientsPage = SectionPlaceholder;
export const AdminTelegramSchedulerPage = SectionPlaceholder;
export const AdminTelegramSchedulerStatisticsPage = SectionPlaceholder;
