import { SectionPlaceholder } from '@/components/section-placeholder';

// Bonuses and delivery come with later releases.
export const PersonalBonusPage = SectionPlaceholder;
export const PersonalDeliveryPage = SectionPlaceholder;
