import {
  AcceptPolicyDocument,
  ContactsDocument,
  DeliveryAndPaymentDocument,
  PolicyDocument,
  ReturnGoodsDocument,
  TermsDocument,
} from '@/features/site';

// Each document is the whole page: its h1 is the route's title.
export const ContactsPage = ContactsDocument;
export const DeliveryAndPaymentPage = DeliveryAndPaymentDocument;
export const TermsPage = TermsDocument;
export const PolicyPage = PolicyDocument;
export const AcceptPolicyPage = AcceptPolicyDocument;
export const ReturnGoodsPage = ReturnGoodsDocument;
