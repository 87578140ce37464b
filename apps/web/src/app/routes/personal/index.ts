// The client's cabinet apart from its order pages (./orders.ts): the profile, bonuses and delivery.
export { PersonalActivationPage } from './activation-page';
export { PersonalBonusPage } from './bonus-page';
export { PersonalDeliveryPage } from './delivery-page';
export { PersonalProfilePage } from './profile-page';
