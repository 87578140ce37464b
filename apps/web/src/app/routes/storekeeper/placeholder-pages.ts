import { SectionPlaceholder } from '@/components/section-placeholder';

// The storekeeper's area comes with a later release.
export const StorekeeperHomePage = SectionPlaceholder;
