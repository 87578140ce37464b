// The public area, loaded when a public page is first opened.
export { AcceptPolicyPage, ContactsPage, DeliveryAndPaymentPage, PolicyPage, ReturnGoodsPage, TermsPage } from './document-pages';
export { MainPage } from './main-page';
export { OrderPage } from './order-page';
export { PaymentResultPage } from './payment-result-page';
export { SandboxPaymentPage } from './sandbox-payment-page';
