// The shop's documents (delivery and payment, contacts, the offer, the policies, returns): long texts,
// loaded when one of them is opened.
export { AcceptPolicyPage, ContactsPage, DeliveryAndPaymentPage, PolicyPage, ReturnGoodsPage, TermsPage } from './document-pages';
