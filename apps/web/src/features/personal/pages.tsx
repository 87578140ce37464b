import { SectionPlaceholder } from '@/components/section-placeholder';

export { PersonalHomePage } from './personal-home-page';
export { PersonalProfilePage } from './profile-page';
export { PersonalActivationPage } from './activation-page';
export { PersonalUnpaidOrdersPage } from './unpaid-orders-page';
export { PersonalPaidOrdersPage } from './paid-orders-page';
export const PersonalBonusPage = SectionPlaceholder;
export const PersonalDeliveryPage = SectionPlaceholder;
