import { SectionPlaceholder } from '@/components/section-placeholder';

// Reports and Telegram mailings come with later releases.
export const AdminReportClientsPage = SectionPlaceholder;
export const AdminTelegramSchedulerPage = SectionPlaceholder;
export const AdminTelegramSchedulerStatisticsPage = SectionPlaceholder;
