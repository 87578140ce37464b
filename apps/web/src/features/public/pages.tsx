import { SectionPlaceholder } from '@/components/section-placeholder';

export { MainPage } from './main-page';
export { DeliveryAndPaymentPage } from './delivery-and-payment-page';
export { ContactsPage } from './contacts-page';
export { TermsPage } from './terms-page';
export { PolicyPage } from './policy-page';
export { AcceptPolicyPage } from './accept-policy-page';
export { ReturnGoodsPage } from './return-goods-page';
export const PaymentResultPage = SectionPlaceholder;
export { OrderPage } from './order-page';
