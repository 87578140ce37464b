import { SectionPlaceholder } from '@/components/section-placeholder';

export { PersonalHomePage } from './personal-home-page';
export { PersonalProfilePage } from './profile-page';
export { PersonalActivationPage } from './activation-page';
export const PersonalUnpaidOrdersPage = SectionPlaceholder;
export const PersonalPaidOrdersPage = SectionPlaceholder;
export const PersonalBonusPage = SectionPlaceholder;
export const PersonalDeliveryPage = SectionPlaceholder;
