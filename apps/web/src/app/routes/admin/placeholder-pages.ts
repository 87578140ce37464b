import { SectionPlaceholder } from '@/components/section-placeholder';

// Bonuses, reports and Telegram mailings come with later releases.
export const AdminBonusSettingsPage = SectionPlaceholder;
export const AdminBonusExceptionPage = SectionPlaceholder;
export const AdminBonusUploadPage = SectionPlaceholder;
export const AdminReportClientsPage = SectionPlaceholder;
export const AdminTelegramSchedulerPage = SectionPlaceholder;
export const AdminTelegramSchedulerStatisticsPage = SectionPlaceholder;
