import { SectionPlaceholder } from '@/components/section-placeholder';

export { PersonalHomePage } from './personal-home-page';
export const PersonalUnpaidOrdersPage = SectionPlaceholder;
export const PersonalPaidOrdersPage = SectionPlaceholder;
export const PersonalBonusPage = SectionPlaceholder;
export const PersonalDeliveryPage = SectionPlaceholder;
export const PersonalProfilePage = SectionPlaceholder;
export const PersonalActivationPage = SectionPlaceholder;
