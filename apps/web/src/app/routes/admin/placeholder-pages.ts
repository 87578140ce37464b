import { SectionPlaceholder } from '@/components/section-placeholder';

// Telegram mailings come with a later release.
export const AdminTelegramSchedulerPage = SectionPlaceholder;
export const AdminTelegramSchedulerStatisticsPage = SectionPlaceholder;
