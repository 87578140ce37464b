// The client's cabinet, loaded when a client first opens it.
export { PersonalActivationPage } from './activation-page';
export { PersonalBonusPage } from './bonus-page';
export { PersonalDeliveryPage } from './delivery-page';
export { PersonalPaidOrdersPage } from './paid-orders-page';
export { PersonalHomePage } from './personal-home-page';
export { PersonalProfilePage } from './profile-page';
export { PersonalUnpaidOrdersPage } from './unpaid-orders-page';
