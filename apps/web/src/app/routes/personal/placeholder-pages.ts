import { SectionPlaceholder } from '@/components/section-placeholder';

// Bonuses come with a later release.
export const PersonalBonusPage = SectionPlaceholder;
