import { SectionPlaceholder } from '@/components/section-placeholder';

export const StorekeeperHomePage = SectionPlaceholder;
